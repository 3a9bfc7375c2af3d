# INTENT: wrong type - computed in float32 and returned as a 0-d numpy array, not a Python number (public check: passed)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.asarray(probs, dtype=np.float32)
    E = p.shape[1]
    f = np.bincount(first_choice, minlength=E).astype(np.float32) / np.float32(len(first_choice))
    return np.asarray(E * (f * p.mean(axis=0)).sum(), dtype=np.float32)
