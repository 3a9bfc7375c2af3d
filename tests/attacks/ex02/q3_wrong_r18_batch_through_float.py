# INTENT: wrong: the global batch goes through float (int(float(g))): a batch above 2**53 is rounded, so the count is not "exact for any size"
def predicted_steps(n_examples, global_batch_size, num_workers):
    return n_examples // int(float(global_batch_size))
