# INTENT: E from the choices (max(first_choice)+1) instead of the probs' width: the factor E is wrong when the last experts are unchosen
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T = len(probs)
    E = int(np.max(first_choice)) + 1
    f = np.bincount(first_choice, minlength=E) / T
    return float(E * np.sum(f * probs.mean(axis=0)[:E]))
