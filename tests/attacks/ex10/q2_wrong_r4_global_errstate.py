# INTENT (wrong by the rule every exercise states since round 4, "leave the session as you found it"; try_answer fails it): silences numpy warnings globally (np.seterr) as a side effect: changes global state for the caller
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    np.seterr(all='ignore')
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    f = np.bincount(first_choice, minlength=E) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
