# INTENT: right: one-hot of the first choices, loop-free
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    e = probs.shape[1]
    onehot = np.eye(e)[np.asarray(first_choice)]
    return float(e * (onehot.mean(axis=0) * probs.mean(axis=0)).sum())
