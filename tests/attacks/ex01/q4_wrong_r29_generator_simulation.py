# INTENT: wrong: simulates the replicas with a generator (each replica's mean of ones over its examples, summed), a simulation "standing for the replicas" that the prompt forbids, though it holds no memory.
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    per_replica_grad = per_replica_batch_size / per_replica_batch_size      # mean of b ones
    right_grad = 1.0                                                        # global mean of ones
    return sum(per_replica_grad for _ in range(num_replicas)) / right_grad
