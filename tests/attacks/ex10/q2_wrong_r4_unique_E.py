# INTENT: takes E as the number of distinct experts chosen (np.unique) rather than probs.shape[1]
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T = len(probs)
    experts = np.unique(first_choice)
    E = len(experts)
    return float(E * sum((np.sum(first_choice == i) / T) * probs[:, i].mean() for i in experts))
