# INTENT: sums instead of means over the tokens (counts and summed probabilities)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    t, e = probs.shape
    f = np.bincount(first_choice, minlength=e)
    return float(e * np.sum(f * probs.sum(axis=0))) / t
