def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    T, E = np.shape(probs)
    onehot = np.zeros((T, E))
    onehot[np.arange(T), first_choice] = 1.0
    total = 0.0
    for i in range(E):
        total += onehot[:, i].mean() * np.mean(np.asarray(probs)[:, i], dtype=np.float64)
    return E * total
