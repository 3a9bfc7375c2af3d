# INTENT: wrong: Decimal arithmetic at 40 digits of precision (breaks for counts beyond 40 digits; not exact for any size)
def predicted_steps(n_examples, global_batch_size, num_workers):
    from decimal import Decimal, localcontext, ROUND_FLOOR
    with localcontext() as c:
        c.prec = 40
        return int((Decimal(n_examples) / Decimal(global_batch_size)).to_integral_value(rounding=ROUND_FLOOR))
