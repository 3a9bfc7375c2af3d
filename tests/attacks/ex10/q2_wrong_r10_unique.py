# INTENT: np.unique's counts lined up with the first len(counts) experts: wrong as soon as an expert in the middle is chosen by no token
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    _, counts = np.unique(first_choice, return_counts=True)
    f = counts / T
    P = probs.mean(axis=0)[:len(f)]
    return float(E * np.sum(f * P))
