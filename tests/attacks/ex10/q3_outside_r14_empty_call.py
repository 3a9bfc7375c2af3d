# RULED outside (issue 38, round 14; filed wrong): the prompt does not say experts without tokens are not called; a 0 x d array gives no token
# INTENT: wrong: calls every expert, also one with no kept token, with a 0 x d array (an expert is handed a call with no tokens it should not get)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    choice = np.asarray(first_choice)
    y = x.copy()
    for e in range(len(experts)):
        idx = np.flatnonzero(choice == e)[:capacity]
        out = experts[e](x[idx])
        y[idx] = x[idx] + np.asarray(gates)[idx][:, None] * out
    return y
