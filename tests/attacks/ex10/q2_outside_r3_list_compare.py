# INTENT: (first_choice == i) assumes a numpy array: with a list of ints it compares the list to i (False) and every f is 0
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    t, e = probs.shape
    f = np.array([np.mean(first_choice == i) for i in range(e)])
    return float(e * np.sum(f * probs.mean(axis=0)))
