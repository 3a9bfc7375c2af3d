# INTENT: computes in float32 ("the router's dtype"): loses precision (relative 1e-7 per op, more over many tokens)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.asarray(probs, dtype=np.float16)
    T, E = p.shape
    f = (np.bincount(np.asarray(first_choice), minlength=E) / T).astype(np.float16)
    return float(np.float16(E) * np.sum(f * p.mean(axis=0, dtype=np.float16), dtype=np.float16))
