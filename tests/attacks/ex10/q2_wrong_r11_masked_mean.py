# INTENT: P_i averaged over the tokens that chose i (not over all T tokens)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    T, E = probs.shape
    f = np.bincount(first_choice, minlength=E) / T
    P = np.array([probs[first_choice == i, i].mean() if np.any(first_choice == i) else 0.0 for i in range(E)])
    return float(E * np.sum(f * P))
