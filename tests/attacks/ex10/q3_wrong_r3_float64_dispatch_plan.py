# INTENT: right, with gpukit.experts.dispatch_plan for the capacity rule
# RULED wrong (issue 38, round 7): y in float64 for a float32 x; the contract says the same shape and dtype as x
from gpukit import experts as _experts
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    x = np.asarray(x, dtype=np.float64)
    fc = np.asarray(first_choice).reshape(-1, 1)
    _, kept = _experts.dispatch_plan(fc, len(experts), capacity)
    kept = kept[:, 0]
    y = x.copy()
    g = np.asarray(gates, dtype=np.float64)
    for e in range(len(experts)):
        rows = np.nonzero(kept & (fc[:, 0] == e))[0]
        if rows.size:
            y[rows] += g[rows, None] * experts[e](x[rows])
    return y
