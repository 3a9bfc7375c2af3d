# INTENT: renormalizes the rows in place (probs /= sum) 'to be safe': writes into the caller's array (values change by rounding only)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs /= probs.sum(axis=1, keepdims=True)
    T, E = probs.shape
    f = np.bincount(first_choice, minlength=E) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
