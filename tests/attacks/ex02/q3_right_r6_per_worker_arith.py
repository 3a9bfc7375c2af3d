def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    per_worker_batch = global_batch_size // num_workers
    kept = n_examples - n_examples % global_batch_size      # cut to whole global batches
    examples_per_worker = kept // num_workers
    return examples_per_worker // per_worker_batch
