# INTENT: right: one-hot matrix of first choices, E * mean_i(onehot)·mean_i(probs) via einsum, float64 throughout.
import numpy as np
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.array(probs, dtype=np.float64, copy=True)
    e = p.shape[1]
    onehot = np.eye(e, dtype=np.float64)[np.asarray(first_choice)]
    return float(e * np.einsum("i,i->", onehot.mean(axis=0), p.mean(axis=0)))
