# INTENT: one-hot matrix of the first choices; E * sum over experts of (mean one-hot) * (mean prob), via an explicit loop over experts.
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    choice = np.asarray(first_choice).reshape(-1)
    total = 0.0
    for i in range(E):
        f_i = np.sum(choice == i) / T
        P_i = np.sum(probs[:, i]) / T
        total += f_i * P_i
    return E * total
