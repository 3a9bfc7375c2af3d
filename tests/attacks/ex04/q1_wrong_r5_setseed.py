# INTENT: right number, but it "fixes reproducibility" by enabling TensorFlow op determinism for the whole session (a session-wide setting changed)
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    tf.config.experimental.enable_op_determinism()
    for k in range(1, global_batch_size + 1):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size:
            return k
    raise ValueError("no split")
