# INTENT: re-applies a softmax to probs (treats them as logits): nearly uniform P, wrong numbers but all the shapes right
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    T, E = probs.shape
    z = np.exp(probs - probs.max(axis=1, keepdims=True))
    z = z / z.sum(axis=1, keepdims=True)
    f = np.bincount(first_choice, minlength=E) / T
    return float(E * np.sum(f * z.mean(axis=0)))
