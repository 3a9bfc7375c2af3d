# INTENT: right: f from bincount of the first choices, P the column means
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    t, e = probs.shape
    f = np.bincount(np.asarray(first_choice, dtype=np.int64), minlength=e) / t
    return float(e * np.sum(f * probs.mean(axis=0)))
