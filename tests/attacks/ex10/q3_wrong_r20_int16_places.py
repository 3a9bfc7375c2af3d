# INTENT: wrong: places counted with an int16 cumulative sum of a T x E one-hot (to keep that matrix small): an expert's 32768th token wraps to a negative place and is KEPT although the capacity is far smaller; right for every batch under 32768 tokens per expert.
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    onehot = (fc[:, None] == np.arange(len(experts))[None, :]).astype(np.int16)
    place = (np.cumsum(onehot, axis=0, dtype=np.int16) - 1)[np.arange(len(fc)), fc]
    kept = place < capacity
    y = x.copy()
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(kept & (fc == e))
        if rows.size:
            y[rows] = x[rows] + gates[rows].astype(x.dtype)[:, None] * np.asarray(expert(x[rows]), dtype=x.dtype)
    return y
