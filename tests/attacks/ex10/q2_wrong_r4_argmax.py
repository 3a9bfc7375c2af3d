# INTENT: ignores first_choice and recomputes it as argmax(probs) (gpukit's way): wrong whenever the caller's first choices are not the argmax (ties, a router with noise/jitter, choices made before a change of probs)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    f = np.bincount(np.argmax(probs, axis=1), minlength=E) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
