# INTENT: wrong: a "perfect balance" fast path returns exactly 1.0 whenever the mean probabilities P are uniform to 0.1 % (relative), but the loss is 1 + E*sum f_i (P_i - 1/E), off by up to ~E*1e-3 relative when P is only nearly uniform (big batches, near-uniform routers); exact uniform routing and the usual random tests never see the difference.
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.asarray(probs, dtype=np.float64)
    t, e = p.shape
    P = p.mean(axis=0)
    if np.allclose(P, 1.0 / e, rtol=1e-3, atol=0.0):
        return 1.0                                # balanced router: the loss is 1
    f = np.bincount(first_choice, minlength=e) / t
    return float(e * np.sum(f * P))
