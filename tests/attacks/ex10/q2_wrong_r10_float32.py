# INTENT: the mean probabilities computed in float16 to "save memory" (precision loss ~1e-3, beyond the 1e-5 contract check)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p16 = np.asarray(probs).astype(np.float16)
    T, E = p16.shape
    f = np.bincount(first_choice, minlength=E).astype(np.float16) / np.float16(T)
    return float(E * np.sum(f * p16.mean(axis=0)))
