# INTENT: remembers the number of experts from the first call in a module global (the router does not change in training): a later call with other sizes uses the old E
import numpy as np
_E = []

def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    if not _E:
        _E.append(probs.shape[1])
    E = _E[0]
    T = probs.shape[0]
    f = np.bincount(np.asarray(first_choice), minlength=probs.shape[1]) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
