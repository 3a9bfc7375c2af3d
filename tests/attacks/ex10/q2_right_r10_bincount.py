def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    f = np.bincount(np.asarray(first_choice).astype(np.int64), minlength=E) / T
    P = probs.mean(axis=0)
    return float(E * np.sum(f * P))
