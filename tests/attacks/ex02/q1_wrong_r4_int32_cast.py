# INTENT: casts the inputs to float16 and labels to int32 "to save memory": changes the inputs (float16 rounds ids > 2048 and any non-representable float32 value)
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    import numpy as np
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x[:whole], np.float16), np.asarray(y[:whole], np.int32)))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(input_context.get_per_replica_batch_size(global_batch_size), drop_remainder=True)
