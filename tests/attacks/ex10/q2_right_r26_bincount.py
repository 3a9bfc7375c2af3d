# INTENT: right: f from bincount of the given first choices (minlength E), P the mean over tokens, E * f.P in float64; inputs only read.
import numpy as np

def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.asarray(probs, dtype=np.float64)
    num_tokens, num_experts = p.shape
    f = np.bincount(np.asarray(first_choice, dtype=np.int64).ravel(), minlength=num_experts) / num_tokens
    return float(num_experts * np.dot(f, p.mean(axis=0)))
