# INTENT: int(n / gb + 1e-9) 'to guard against 2.9999999': float arithmetic, one step too many when n = k*gb - 1 with a huge global batch, or when the quotient is large
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return int(n_examples / global_batch_size + 1e-9)
