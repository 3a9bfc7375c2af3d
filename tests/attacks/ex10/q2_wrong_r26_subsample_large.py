# INTENT: wrong: for big batches (T > 4096) P is estimated from a random sample of 1024 tokens -- not the exact mean over the T tokens the contract asks for.
import numpy as np

def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    p = np.asarray(probs, dtype=np.float64)
    num_tokens, num_experts = p.shape
    f = np.bincount(np.asarray(first_choice), minlength=num_experts) / num_tokens
    if num_tokens > 4096:                                     # big batch: an estimate of P is plenty
        rows = np.random.default_rng(num_tokens).choice(num_tokens, 1024, replace=False)
        mean_p = p[rows].mean(axis=0)
    else:
        mean_p = p.mean(axis=0)
    return float(num_experts * np.sum(f * mean_p))
