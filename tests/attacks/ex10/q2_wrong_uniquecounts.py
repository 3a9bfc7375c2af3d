# INTENT: takes f from np.unique's counts and pairs them with the first len(counts) entries of P: misaligned (wrong) whenever an expert that no token chooses sits before a chosen one. (public check: passed)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    _, counts = np.unique(np.asarray(first_choice), return_counts=True)
    f = counts / T
    return float(E * np.sum(f * probs.mean(axis=0)[:len(f)]))
