# INTENT: measures the factor (prompt: do not return a value you measured) on a strategy over the first num_replicas CPUs
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    import numpy as np
    s = strategies.mirrored(devices.replica_devices()[:num_replicas])
    gb = num_replicas * per_replica_batch_size
    m = models.mlp(seed=0, strategy=s)
    bad = training.gradients(s, m, x_train, y_train, gb, divide_by="per_replica")
    good = training.gradients(s, m, x_train, y_train, gb, divide_by="global")
    return round(float(np.abs(bad[-1]).sum() / np.abs(good[-1]).sum()), 3)
