# INTENT: wrong: accumulates P with a plain running float32 sum over the tokens (a loop of float32 additions), which loses precision for 70 000 tokens (not to a relative 1e-5).
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.asarray(probs, dtype=np.float32)
    t, e = p.shape
    P = np.cumsum(p, axis=0, dtype=np.float32)[-1] / np.float32(t)   # running sum, last row
    f = (np.bincount(np.asarray(first_choice), minlength=e) / t).astype(np.float32)
    return float(np.float32(e) * np.sum(f * P, dtype=np.float32))
