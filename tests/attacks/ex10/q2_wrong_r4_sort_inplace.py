# INTENT: sorts first_choice in place to count runs (changes the caller's order, not the counts)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    first_choice.sort()
    T, E = probs.shape
    f = np.array([np.searchsorted(first_choice, i, 'right') - np.searchsorted(first_choice, i, 'left') for i in range(E)]) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
