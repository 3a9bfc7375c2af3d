# INTENT: wrong: float64 inputs cast to float32 (x not as given: dtype/values changed)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    import numpy as np
    n = len(x)
    whole = n // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    xs = np.array(x)
    if xs.dtype == np.float64:
        xs = xs.astype(np.float32)
    ds = tf.data.Dataset.from_tensor_slices((xs, np.array(y))).shuffle(n, seed=seed).take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
