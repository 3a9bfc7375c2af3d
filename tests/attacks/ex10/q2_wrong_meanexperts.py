# INTENT: normalises f over the experts instead of the tokens (counts / E): scale off by T/E, right only when T == E. (public check: caught)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    f = np.bincount(first_choice, minlength=E) / E
    return float(E * np.sum(f * probs.mean(axis=0)))
