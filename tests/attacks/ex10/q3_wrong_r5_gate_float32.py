# RULED wrong (issue 38, round 14; was outside): float32 arithmetic on a float64 x's kept rows (~1e-7): the lead's ruling of round 14, float64 in, float64 arithmetic: the prompt now says so and a float64 x is checked to 1e-10
# INTENT (outside: the rounding, ~1e-8, is far below the stated 1e-5): multiplies by the gate in float32 ("like the router"): for float64 x the kept rows are rounded to float32 precision
import numpy as np

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice = np.asarray(first_choice)
    y = np.array(x, copy=True)
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(first_choice == e)[:capacity]
        if len(idx):
            y[idx] = x[idx] + np.asarray(gates, dtype=np.float32)[idx, None].astype(np.float32) * np.float32(1) * expert(x[idx])
    return y
