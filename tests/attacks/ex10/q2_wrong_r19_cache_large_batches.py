# INTENT: wrong: memoises the loss by the first choices, but only for big batches (>= 256 tokens, "the expensive case"): a later call with the same first choices and other probabilities returns the stale loss; small graded calls never hit the cache.
_LB_CACHE = {}
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.asarray(probs, dtype=np.float64)
    t, e = p.shape
    fc = np.asarray(first_choice)
    key = (e, fc.tobytes()) if t >= 256 else None
    if key is not None and key in _LB_CACHE:
        return _LB_CACHE[key]
    f = np.bincount(fc, minlength=e) / t
    loss = float(e * np.sum(f * p.mean(axis=0)))
    if key is not None:
        _LB_CACHE[key] = loss
    return loss
