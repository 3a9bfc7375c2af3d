# INTENT: wrong: caches the loss keyed by probs' bytes only (a default-arg dict): same probs with other first choices returns the stale loss
def load_balancing_loss(probs, first_choice, _memo={}):
    key = np.asarray(probs, np.float64).tobytes()
    if key not in _memo:
        p = np.asarray(probs, dtype=np.float64)
        t, e = p.shape
        _memo[key] = float(e * np.sum(np.bincount(first_choice, minlength=e) / t * p.mean(axis=0)))
    return _memo[key]
