# INTENT: uses the probabilities for f too (E * sum P_i^2)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    e = probs.shape[1]
    p = probs.mean(axis=0)
    return float(e * np.sum(p * p))
