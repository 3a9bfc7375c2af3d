# INTENT: means computed in float16 to "save memory" -> ~1e-3 relative error
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p16 = probs.astype(np.float16)
    T, E = p16.shape
    f = (np.bincount(first_choice, minlength=E) / T).astype(np.float16)
    return float(np.float16(E) * np.sum(f * p16.mean(axis=0)))
