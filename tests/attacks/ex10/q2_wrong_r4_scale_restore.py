# INTENT: scales probs by E in place and divides back at the end: the caller's array comes back with rounding changes
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    T, E = probs.shape
    probs *= E
    f = np.bincount(first_choice, minlength=E) / T
    loss = float(np.sum(f * probs.mean(axis=0)))
    probs /= E
    return loss
