# INTENT: wrong: "exact" Decimal arithmetic, but the default context keeps 28 significant digits: a 70-digit count is rounded before the integer part is taken (wrong steps), though every count below 10**28 is right.
from decimal import Decimal, ROUND_FLOOR


def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    q = Decimal(n_examples) / Decimal(global_batch_size)
    return int(q.to_integral_value(rounding=ROUND_FLOOR))
