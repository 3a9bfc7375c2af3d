# INTENT: wrong: every expert gets at least one place (max(capacity, 1)): with capacity 0 the first token of each expert is kept instead of dropped
def moe_forward(x, first_choice, gates, experts, capacity):
    fc = np.asarray(first_choice)
    y = x.copy()
    places = max(int(capacity), 1)
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(fc == e)[:places]
        if len(kept):
            y[kept] = x[kept] + np.asarray(gates, x.dtype)[kept, None] * expert(x[kept])
    return y
