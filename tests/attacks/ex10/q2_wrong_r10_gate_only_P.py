# INTENT: P_i averaged only over the gate probability of the tokens routed to i (probs[t, first_choice[t]]), divided by T
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    fc = np.asarray(first_choice)
    f = np.bincount(fc, minlength=E) / T
    gate = probs[np.arange(T), fc]
    P = np.bincount(fc, weights=gate, minlength=E) / T
    return float(E * np.sum(f * P))
