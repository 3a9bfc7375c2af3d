# INTENT: sorts first_choice in place (ndarray.sort) to count runs: same counts but writes into the caller's array
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    fc = np.asarray(first_choice)
    fc.sort()
    f = np.array([np.searchsorted(fc, i, side="right") - np.searchsorted(fc, i) for i in range(E)]) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
