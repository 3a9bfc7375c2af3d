# INTENT: wrong edge case - bincount without minlength: an unchosen last expert shortens f (broadcast error / wrong sum) (public check: passed)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    f = np.bincount(first_choice) / len(first_choice)
    P = probs.mean(axis=0)[:len(f)]
    return float(probs.shape[1] * np.sum(f * P))
