# INTENT: ignores first_choice and recomputes it as argmax(probs) (wrong whenever the first choices given are not the argmax, e.g. noisy routing or another tie rule)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    t, e = probs.shape
    f = np.bincount(probs.argmax(axis=1), minlength=e) / t
    return float(e * np.sum(f * probs.mean(axis=0)))
