# INTENT: f from a bincount of the given first choices (minlength E) over T, P the column mean of probs, E * f.P.
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    num_tokens, num_experts = probs.shape
    f = np.bincount(np.asarray(first_choice, dtype=np.int64).reshape(-1), minlength=num_experts) / num_tokens
    P = probs.mean(axis=0)
    return float(num_experts * np.dot(f, P))
