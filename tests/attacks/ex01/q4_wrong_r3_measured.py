# INTENT: measures the factor (the prompt forbids returning a measured value): runs both losses on a strategy and divides.
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    s = strategies.mirrored(devices.replica_devices()[:num_replicas])
    n = num_replicas * per_replica_batch_size
    x, y = data.synthetic(n, shape=(64,))
    model = models.mlp(seed=0, strategy=s)
    wrong = training.gradients(s, model, x, y, global_batch_size=n, divide_by="per_replica")
    right = training.gradients(s, model, x, y, global_batch_size=n, divide_by="global")
    return round(checks.scale_factor(wrong, right), 3)
