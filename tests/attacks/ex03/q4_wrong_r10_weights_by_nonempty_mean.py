# INTENT: divides each size by the mean over the replicas that hold examples (statistics.mean of the non-zero sizes): Keras multiplies by 1 / R over all replicas, so any empty replica makes the weights too small
import statistics


def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    busy = [n for n in per_replica_batch_sizes if n]
    mean = statistics.mean(busy) if busy else 1
    return [n / mean for n in per_replica_batch_sizes]
