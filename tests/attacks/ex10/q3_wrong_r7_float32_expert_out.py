# RULED wrong (issue 38, round 14; was outside): float32 arithmetic on a float64 x's kept rows (~1e-7): the lead's ruling of round 14, float64 in, float64 arithmetic: the prompt now says so and a float64 x is checked to 1e-10
# INTENT: gives each expert its kept rows one at a time as x[t] reshaped (1, d) ... via np.atleast_2d of a 1-D row, then writes y as x + gate*out where out is cast to x's dtype first (float32 expert output into float64 rows)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y shaped like x (see the contract)."""
    first_choice, gates = np.asarray(first_choice), np.asarray(gates)
    y = x.copy()
    for e, expert in enumerate(experts):
        for t in np.flatnonzero(first_choice == e)[:capacity]:
            out = np.asarray(expert(np.atleast_2d(x[t])), dtype=np.float32)
            y[t] = x[t] + gates[t] * out[0]
    return y
