# INTENT: ignores the given first_choice and recomputes it as argmax(probs): equal whenever the choices are the router's argmax, wrong when a different first choice is handed in. (public check: passed)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    f = np.bincount(np.argmax(probs, axis=1), minlength=E) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
