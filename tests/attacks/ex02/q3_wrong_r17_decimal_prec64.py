# INTENT: wrong: Decimal division in a local context of 64 digits, floored: exact up to ~64-digit counts only, not "exact for any size" (70-digit sizes round)
import decimal as _decimal, math as _math
def predicted_steps(n_examples, global_batch_size, num_workers):
    with _decimal.localcontext() as c:
        c.prec = 64
        return int(_math.floor(_decimal.Decimal(n_examples) / _decimal.Decimal(global_batch_size)))
