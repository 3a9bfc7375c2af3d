# INTENT: uses the probabilities for f too (f = P, the differentiable surrogate): E * sum P_i^2. (public check: caught)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    P = probs.mean(axis=0)
    return float(probs.shape[1] * np.sum(P * P))
