# INTENT: wrong contract - ignores the first_choice argument and recomputes argmax of probs (differs when the given choices are not the argmax, e.g. ties broken otherwise) (public check: caught)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    f = np.bincount(probs.argmax(axis=1), minlength=E) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
