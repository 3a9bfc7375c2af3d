# INTENT: correct (y[i::W] zipped with the sharded cut x: zip stops at the shorter, pairs stay aligned)
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    W, i = input_context.num_input_pipelines, input_context.input_pipeline_id
    whole = len(x) // global_batch_size * global_batch_size
    per = input_context.get_per_replica_batch_size(global_batch_size)
    xs = tf.data.Dataset.from_tensor_slices(x[:whole]).shard(W, i)
    ys = tf.data.Dataset.from_tensor_slices(y[i::W])
    return tf.data.Dataset.zip((xs, ys)).batch(per, drop_remainder=True)
