# INTENT: correct - one-hot matrix of the given first choices, f and P as column means, einsum (public check: passed)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    num_tokens, num_experts = probs.shape
    onehot = np.eye(num_experts)[np.asarray(first_choice, dtype=int)]
    return float(num_experts * np.einsum("i,i->", onehot.mean(axis=0), probs.mean(axis=0)))
