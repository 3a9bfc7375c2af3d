# INTENT: wrong: memoises the loss keyed by (first choices, shape, probs[0]) -- a later call with the same choices and first row but other probabilities gets the stale loss (state between calls).
import numpy as np

_seen = {}

def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.asarray(probs, dtype=np.float64)
    fc = np.asarray(first_choice)
    key = (fc.tobytes(), p.shape, p[0].tobytes())
    if key not in _seen:
        num_tokens, num_experts = p.shape
        f = np.bincount(fc, minlength=num_experts) / num_tokens
        _seen[key] = float(num_experts * np.sum(f * p.mean(axis=0)))
    return _seen[key]
