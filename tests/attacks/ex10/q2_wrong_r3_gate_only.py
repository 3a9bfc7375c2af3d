# INTENT: P_i from the gates only (probability of i averaged over the tokens that chose i, times f)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    t, e = probs.shape
    fc = np.asarray(first_choice)
    f = np.bincount(fc, minlength=e) / t
    P = np.array([probs[fc == i, i].sum() / t for i in range(e)])
    return float(e * np.sum(f * P))
