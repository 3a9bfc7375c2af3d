# INTENT: np.unique counts aligned by position, not by expert id: wrong when an expert in the middle is chosen by no token
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    T, E = probs.shape
    _, counts = np.unique(first_choice, return_counts=True)
    f = np.zeros(E)
    f[:len(counts)] = counts / T
    return float(E * np.sum(f * probs.mean(axis=0)))
