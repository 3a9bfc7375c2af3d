# INTENT: number of experts taken from the choices (max + 1), not from probs
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    t = len(probs)
    e = int(np.max(first_choice)) + 1
    f = np.bincount(first_choice, minlength=e) / t
    return float(e * np.sum(f * probs[:, :e].mean(axis=0)))
