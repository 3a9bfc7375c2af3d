# INTENT: wrong: right function, but the cell changes a TensorFlow session setting (grappler options) at its top
tf.config.optimizer.set_experimental_options({"constant_folding": False})

def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    if global_batch_size % num_replicas:
        raise ValueError("does not split")
    share = global_batch_size // num_replicas
    for k in range(1, share + 1):
        if share % k == 0 and share // k <= max_per_replica_batch_size:
            return k
    raise ValueError("no split")
