# INTENT: wrong: per-expert token counts kept in a uint8 array (np.add.at): an expert chosen by 256 or more tokens wraps to a small count, so f is wrong on large batches
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.asarray(probs, dtype=np.float64)
    T, E = p.shape
    counts = np.zeros(E, dtype=np.uint8)
    np.add.at(counts, np.asarray(first_choice), 1)
    return float(E * np.sum(counts / T * p.mean(axis=0)))
