# INTENT: f from argmax(probs) instead of the given first_choice (student assumes they are the same); ignores the argument
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    T, E = probs.shape
    f = np.bincount(probs.argmax(axis=1), minlength=E) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
