# INTENT: wrong: sorts first_choice in place to count runs and puts the original order back afterwards, writing into the caller's input for a while (and failing on a read-only one).
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.asarray(probs, dtype=np.float64)
    t, e = p.shape
    fc = np.asarray(first_choice)
    saved = fc.copy()
    fc.sort()
    experts_, counts = np.unique(fc, return_counts=True)
    fc[...] = saved
    f = np.zeros(e)
    f[experts_] = counts / t
    return float(e * np.sum(f * p.mean(axis=0)))
