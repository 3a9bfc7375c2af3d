# INTENT: computes in float16 ("half precision like the router on GPU"): nearly right (1e-3 relative), not the float64 the check asks
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.asarray(probs, dtype=np.float16)
    T, E = p.shape
    f = (np.bincount(first_choice, minlength=E) / T).astype(np.float16)
    return E * np.sum(f * p.mean(axis=0))
