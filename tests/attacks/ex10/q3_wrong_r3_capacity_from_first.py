# INTENT: ignores the capacity argument, recomputing it as ceil(1.25 * T / E)
import math
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x)
    fc = np.asarray(first_choice)
    cap = math.ceil(1.25 * len(x) / len(experts))
    y = x.copy()
    for e, expert in enumerate(experts):
        mine = np.nonzero(fc == e)[0][:cap]
        if len(mine):
            y[mine] = x[mine] + np.asarray(gates)[mine, None] * expert(x[mine])
    return y
