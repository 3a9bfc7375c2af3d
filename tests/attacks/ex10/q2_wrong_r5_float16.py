# INTENT: computes in float16 ("the router output is bf16/fp16 on the accelerator"): the loss is off in the 4th digit
import numpy as np

def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.asarray(probs, dtype=np.float16)
    T, E = p.shape
    f = (np.bincount(np.asarray(first_choice), minlength=E) / T).astype(np.float16)
    return E * np.sum(f * p.mean(axis=0))
