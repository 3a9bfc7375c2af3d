# INTENT: recomputes the first choices as probs.argmax(1) instead of using the first_choice given (ignores an argument; ties and uniform rows go to expert 0)
import numpy as np

def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    f = np.bincount(probs.argmax(axis=1), minlength=E) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
