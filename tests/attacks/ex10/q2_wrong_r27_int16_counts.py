# INTENT: wrong: counts the first choices in an int16 array, which wraps past 32 767 tokens on one expert (70 000 tokens all to one expert), breaking f.
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.asarray(probs, dtype=np.float64)
    t, e = p.shape
    counts = np.zeros(e, dtype=np.int16)
    np.add.at(counts, np.asarray(first_choice), 1)     # small counters: tokens per expert
    return float(e * np.sum(counts / t * p.mean(axis=0)))
