# INTENT (right?): normalises f and P by their own totals instead of T: equal to the contract when rows sum to 1 (an equivalent form)
import numpy as np

def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    counts = np.bincount(np.asarray(first_choice), minlength=E)
    f = counts / counts.sum()
    P = probs.sum(axis=0) / probs.sum()
    return float(E * np.sum(f * P))
