# INTENT: E taken as the largest chosen expert + 1: wrong when the last expert is never chosen
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    first_choice = np.asarray(first_choice)
    E = int(first_choice.max()) + 1
    T = len(first_choice)
    f = np.bincount(first_choice, minlength=E) / T
    P = np.asarray(probs, dtype=np.float64).mean(axis=0)[:E]
    return float(E * np.sum(f * P))
