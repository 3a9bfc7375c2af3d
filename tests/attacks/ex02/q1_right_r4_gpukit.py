# INTENT: correct, gpukit's dataset_fn
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    from gpukit import cluster
    return cluster.dataset_fn(input_context, x, y, global_batch_size)
