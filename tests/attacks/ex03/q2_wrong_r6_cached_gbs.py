# INTENT: remembers the first global_batch_size it sees (module-level cache) and divides every later call by it
_G = []
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    if not _G:
        _G.append(global_batch_size)
    return tf.reduce_sum(per_example_losses) / _G[0]
