# INTENT: wrong: clips zero probabilities to 1e-12 in place (writes into the caller's probs when it has exact zeros)
def load_balancing_loss(probs, first_choice):
    p = np.asarray(probs)
    np.clip(p, 1e-12, None, out=p)
    T, E = p.shape
    f = np.bincount(first_choice, minlength=E) / T
    return float(E * np.sum(f * p.mean(axis=0)))
