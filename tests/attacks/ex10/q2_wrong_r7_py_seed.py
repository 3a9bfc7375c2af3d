# INTENT: right formula, but reseeds Python's random inside the function (session state changed on every call)
import random


def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    random.seed(0)
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    f = np.bincount(np.asarray(first_choice), minlength=E) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
