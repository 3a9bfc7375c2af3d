# INTENT: wrong: shuffle buffer capped at 65536 (not a full shuffle on larger data)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    import numpy as np
    n = len(x)
    whole = n // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((np.array(x), np.array(y)))
    ds = ds.shuffle(min(n, 65536), seed=seed).take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
