# INTENT: correct, by counting shards: worker i holds len(range(i, n, W)) examples, batches of global//W, and the cluster runs as many steps as its smallest worker.
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    per_worker_batch = global_batch_size // num_workers
    return int(min(len(range(i, n_examples, num_workers)) // per_worker_batch for i in range(num_workers)))
