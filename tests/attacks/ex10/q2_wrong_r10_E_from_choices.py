# INTENT: number of experts taken as max(first_choice)+1 instead of probs' columns: wrong factor when the last expert is never chosen
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T = probs.shape[0]
    E = int(np.max(first_choice)) + 1
    f = np.bincount(first_choice, minlength=E) / T
    P = probs.mean(axis=0)[:E]
    return float(E * np.sum(f * P))
