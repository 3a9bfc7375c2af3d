# INTENT: wrong scale - E * mean_i(f_i P_i) (divides by E once more): uniform routing gives 1/E (public check: caught)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    E = probs.shape[1]
    f = np.bincount(first_choice, minlength=E) / len(first_choice)
    return float(E * np.mean(f * probs.mean(axis=0)))
