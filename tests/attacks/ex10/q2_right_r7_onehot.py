def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    E = np.shape(probs)[1]
    onehot = np.eye(E)[np.asarray(first_choice)]
    return float(E * np.sum(onehot.mean(axis=0) * np.mean(probs, axis=0)))
