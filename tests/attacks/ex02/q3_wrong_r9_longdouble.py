# INTENT: avoids float64 rounding with numpy's long double (64-bit mantissa on x86): exact up to 2**64, wrong beyond (and float64 on platforms without 80-bit long double)
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    import numpy as np
    return int(np.floor(np.longdouble(n_examples) / np.longdouble(global_batch_size)))
