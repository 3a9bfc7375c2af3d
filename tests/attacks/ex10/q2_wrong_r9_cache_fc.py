# INTENT: memoises on the first choices and the shape (thinks the loss is a function of the routing only): stale for other probabilities with the same first choices
_memo = {}
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    key = (np.shape(probs), np.asarray(first_choice).tobytes())
    if key not in _memo:
        T, E = probs.shape
        f = np.bincount(first_choice, minlength=E) / T
        _memo[key] = float(E * np.sum(f * probs.mean(axis=0)))
    return _memo[key]
