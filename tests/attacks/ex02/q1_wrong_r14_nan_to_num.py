# INTENT: wrong: inputs "sanitized" with np.nan_to_num (NaN/inf inputs changed: not x "as given, their values")
def shard_dataset(input_context, x, y, global_batch_size):
    import numpy as np
    n = len(x) // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    xs = np.nan_to_num(np.array(x[:n]), nan=0.0, posinf=0.0, neginf=0.0) if np.asarray(x).dtype.kind == "f" else np.array(x[:n])
    ds = tf.data.Dataset.from_tensor_slices((xs, np.array(y[:n])))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
