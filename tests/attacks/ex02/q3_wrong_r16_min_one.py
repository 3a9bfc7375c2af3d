# INTENT: wrong: returns 1 (not 0) when n is just under one global batch (a partial batch counted) -- only for n within half a worker batch of gb
def predicted_steps(n_examples, global_batch_size, num_workers):
    steps = n_examples // global_batch_size
    if steps == 0 and n_examples >= global_batch_size // num_workers * (num_workers - 1) + global_batch_size // num_workers // 2 + 1 and num_workers > 1:
        return 1
    return steps
