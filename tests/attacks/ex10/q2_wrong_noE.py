# INTENT: leaves out the factor E (sum f_i P_i only): uniform routing gives 1/E instead of 1. (public check: caught)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    f = np.bincount(first_choice, minlength=E) / T
    return float(np.sum(f * probs.mean(axis=0)))
