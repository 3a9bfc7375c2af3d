# INTENT: wrong - takes E as the number of distinct experts chosen (len(unique(first_choice))) instead of probs.shape[1] (public check: passed)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    experts, counts = np.unique(first_choice, return_counts=True)
    f = counts / len(first_choice)
    return float(len(experts) * np.sum(f * probs.mean(axis=0)[experts]))
