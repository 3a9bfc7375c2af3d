# INTENT: wrong: the value is exact (sums of ones are exact in float64), but it is obtained by simulating the replicas on data it made (an all-ones "gradient" per example, per-replica means summed vs the global mean), which the prompt forbids ("nor one simulated on data you made"); it also allocates R*b floats.
import numpy as np


def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    per_example_grads = np.ones((num_replicas, per_replica_batch_size))   # stand-in gradients
    mirrored = per_example_grads.mean(axis=1).sum()                       # each replica averages, strategy adds
    single = per_example_grads.reshape(-1).mean()                         # one device, global mean
    return float(mirrored / single)
