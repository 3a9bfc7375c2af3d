# INTENT: wrong: places counted in a uint8 counter array: a capacity of 256 or more wraps (256 -> 0)
def moe_forward(x, first_choice, gates, experts, capacity):
    x = np.asarray(x)
    fc = np.asarray(first_choice)
    g = np.asarray(gates)
    cap = np.uint8(int(capacity) & 0xFF)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:cap]
        if idx.size == 0:
            continue
        out = np.asarray(expert(x[idx]), dtype=x.dtype)
        y[idx] = x[idx] + g[idx].astype(x.dtype)[:, None] * out
    return y
