# INTENT: right (turned out): bincount without minlength, P truncated to the experts counted: the missing trailing f_i are 0 anyway
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    t, e = probs.shape
    f = np.bincount(first_choice) / t
    return float(e * np.sum(f * probs.mean(axis=0)[:len(f)]))
