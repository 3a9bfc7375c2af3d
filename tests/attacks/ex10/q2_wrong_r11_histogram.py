# INTENT: np.histogram with bins=E: the bins span [min, max] of the choices, not [0, E) -- right only when experts 0 and E-1 are both chosen
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    T, E = probs.shape
    counts, _ = np.histogram(first_choice, bins=E)
    f = counts / T
    return float(E * np.sum(f * probs.mean(axis=0)))
