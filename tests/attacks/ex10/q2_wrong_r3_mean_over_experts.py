# INTENT: P as the mean over the experts axis (axis 1)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    t, e = probs.shape
    f = np.bincount(first_choice, minlength=e) / t
    return float(e * np.sum(f * probs.mean(axis=1)[:e].sum()))
