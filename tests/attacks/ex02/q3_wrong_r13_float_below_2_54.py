# INTENT: wrong: float division up to 2**54 (n itself is rounded to even above 2**53: e.g. n = 2**53 + 1, G = 1 gives 2**53)
def predicted_steps(n_examples, global_batch_size, num_workers):
    if n_examples < 2**54:
        return int(n_examples / global_batch_size)
    return n_examples // global_batch_size
