# INTENT: right, with gpukit.experts.dispatch_plan (filed right before round 7)
# RULED wrong (issue 38, round 7): y in float64 for a float32 x; the contract says the same shape and dtype as x
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    position, kept = experts_mod.dispatch_plan(np.asarray(first_choice)[:, None], len(experts), capacity)
    kept = kept[:, 0]
    y = np.array(x, dtype=np.float64, copy=True)
    for e in range(len(experts)):
        rows = np.flatnonzero(kept & (np.asarray(first_choice) == e))
        if rows.size:
            y[rows] += np.asarray(gates, dtype=np.float64)[rows, None] * experts[e](x[rows])
    return y
from gpukit import experts as experts_mod
