# INTENT: renormalises the caller's probs in place and overwrites the first choices' probability with 1 to build f: corrupts probs
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    t, e = probs.shape
    P = probs.mean(axis=0)
    probs[:] = 0
    probs[np.arange(t), first_choice] = 1
    f = probs.mean(axis=0)
    return float(e * np.sum(f * P))
