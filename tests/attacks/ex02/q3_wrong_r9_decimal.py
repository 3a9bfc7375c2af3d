# INTENT: uses Decimal division to be "exact": the default context has 28 significant digits, so the quotient is rounded for sizes beyond ~1e28 (and a rounded-up quotient floors one too high)
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    from decimal import Decimal, ROUND_FLOOR
    return int((Decimal(n_examples) / Decimal(global_batch_size)).to_integral_value(rounding=ROUND_FLOOR))
