# INTENT: wrong - runs every expert on all tokens and masks afterwards (the output is right, but dropped and other experts' tokens reach the expert) (public check: caught)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice = np.asarray(first_choice)
    rank = np.array([np.sum(first_choice[:t] == first_choice[t]) for t in range(len(first_choice))])
    kept = rank < capacity
    y = np.array(x, dtype=np.float64)
    for e, fn in enumerate(experts):
        out = fn(x)
        mask = kept & (first_choice == e)
        y[mask] += gates[mask, None] * out[mask]
    return y
