# INTENT: sorts the caller's first_choice in place (first_choice.sort()) to count runs: reorders the caller's array
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    t, e = probs.shape
    first_choice.sort()
    f = np.array([np.searchsorted(first_choice, i, 'right') - np.searchsorted(first_choice, i, 'left') for i in range(e)]) / t
    return float(e * np.sum(f * probs.mean(axis=0)))
