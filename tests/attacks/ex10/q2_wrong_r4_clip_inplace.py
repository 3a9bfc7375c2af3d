# INTENT: clips the probabilities in place for 'numerical safety' (np.clip(out=probs)): the caller's zeros become 1e-9 (tiny change to the input) and the loss shifts by ~1e-9
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    np.clip(probs, 1e-9, 1.0, out=probs)
    T, E = probs.shape
    f = np.bincount(first_choice, minlength=E) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
