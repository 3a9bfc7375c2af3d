# INTENT: returns the per-expert terms E * f_i * P_i (an array), not one number
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    t, e = probs.shape
    f = np.bincount(first_choice, minlength=e) / t
    return e * f * probs.mean(axis=0)
