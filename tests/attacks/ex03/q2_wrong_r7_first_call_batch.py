# INTENT: remembers the global batch size of the first call (to "avoid retracing") and uses it for every later call.
_GLOBAL = []
def replica_loss(per_example_losses, global_batch_size):
    if not _GLOBAL:
        _GLOBAL.append(float(global_batch_size))
    return tf.reduce_sum(per_example_losses) / _GLOBAL[0]
