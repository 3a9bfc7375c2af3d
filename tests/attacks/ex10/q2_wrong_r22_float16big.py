# INTENT: wrong: for E >= 256 it computes in float16 "to save memory" (precision ~1e-3, fails the 1e-5 check on the 300-expert test).
import numpy as np
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    t, e = np.shape(probs)
    dt = np.float16 if e >= 256 else np.float64
    p = np.asarray(probs, dtype=dt)
    f = (np.bincount(np.asarray(first_choice), minlength=e) / t).astype(dt)
    return float(dt(e) * np.sum(f * p.mean(axis=0, dtype=dt)))
