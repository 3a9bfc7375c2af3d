# INTENT: gives the expert a transposed-then-back Fortran-order copy ... no: gives it x[kept] rows of a float32 copy made once for speed
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice, gates = np.asarray(first_choice), np.asarray(gates)
    x32 = np.ascontiguousarray(x, dtype=np.float32)
    y = x.copy()
    for e, expert in enumerate(experts):
        kept = np.flatnonzero(first_choice == e)[:capacity]
        if len(kept):
            y[kept] = x[kept] + gates[kept, None] * expert(x32[kept])
    return y
