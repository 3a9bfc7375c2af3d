# INTENT: computes in float16 to be fast: loses precision
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float16)
    t, e = probs.shape
    f = (np.bincount(first_choice, minlength=e) / t).astype(np.float16)
    return float(e * np.sum(f * probs.mean(axis=0)))
