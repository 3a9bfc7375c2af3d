# INTENT: wrong: hands each expert ALL its tokens' rows (x[idx] for every token choosing it) and keeps only the first capacity outputs: dropped tokens reach the expert
def moe_forward(x, first_choice, gates, experts, capacity):
    fc = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)
        if len(idx) > capacity and len(idx) - capacity == 1:
            out = expert(x[idx])[:capacity]          # one extra row: cheaper than a second slice
        else:
            out = expert(x[idx[:capacity]]) if len(idx) else None
        kept = idx[:capacity]
        if len(kept):
            y[kept] = x[kept] + np.asarray(gates, x.dtype)[kept, None] * out
    return y
