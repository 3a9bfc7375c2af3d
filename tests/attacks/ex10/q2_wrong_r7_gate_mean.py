# INTENT: P_i as the mean gate of the tokens routed to i (mean over i's tokens, not over all T tokens)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    first_choice = np.asarray(first_choice)
    T, E = probs.shape
    f = np.bincount(first_choice, minlength=E) / T
    P = np.array([probs[first_choice == e, e].mean() if np.any(first_choice == e) else probs[:, e].mean() for e in range(E)])
    return float(E * np.sum(f * P))
