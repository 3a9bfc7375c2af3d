# INTENT: scales the caller's probs in place by E (probs *= E) to fold the factor in
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    t, e = probs.shape
    probs *= e
    f = np.bincount(first_choice, minlength=e) / t
    return float(np.sum(f * probs.mean(axis=0)))
