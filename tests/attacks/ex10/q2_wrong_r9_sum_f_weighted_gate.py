# INTENT: P_i averaged only over the tokens routed to i (a per-expert mean of its gates) instead of over all T tokens
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    T, E = probs.shape
    f = np.bincount(first_choice, minlength=E) / T
    P = np.array([probs[first_choice == i, i].mean() if np.any(first_choice == i) else probs[:, i].mean()
                  for i in range(E)])
    return float(E * np.sum(f * P))
