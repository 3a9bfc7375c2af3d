# INTENT: worried about precision above 2**24, sets the global decimal context precision (decimal.getcontext().prec = 60) and leaves it: changes a setting of the whole session.
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    import decimal
    decimal.getcontext().prec = 60
    return int(decimal.Decimal(n_examples) / decimal.Decimal(global_batch_size))
