# INTENT: wrong: switches to float division for counts above 10**75 (thinks Python ints get slow): not "exact for any size"
def predicted_steps(n_examples, global_batch_size, num_workers):
    if n_examples > 10 ** 75:
        return int(n_examples / global_batch_size)
    return n_examples // global_batch_size
