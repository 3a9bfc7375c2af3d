from gpukit import experts as _experts


def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    choices = np.asarray(first_choice).reshape(-1, 1)
    _, kept = _experts.dispatch_plan(choices, len(experts), capacity)
    kept = kept[:, 0]
    y = np.array(x, copy=True)
    for e in range(len(experts)):
        rows = np.flatnonzero(kept & (choices[:, 0] == e))
        if rows.size:
            y[rows] = x[rows] + np.asarray(gates)[rows][:, None] * experts[e](x[rows])
    return y
