# INTENT: measures the factor (prompt forbids), on the notebook's strategy
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    import numpy as np
    m = models.mlp(seed=0, strategy=strategy)
    g = training.gradients(strategy, m, x_train, y_train, num_replicas * per_replica_batch_size, divide_by=("per_replica", "global"))
    return round(float(np.abs(g["per_replica"][0]).sum() / np.abs(g["global"][0]).sum()), 3)
