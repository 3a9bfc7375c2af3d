# INTENT: wrong: choices narrowed to uint8 before counting: with 256+ experts expert 256 is counted as expert 0
def load_balancing_loss(probs, first_choice):
    p = np.asarray(probs, dtype=np.float64)
    T, E = p.shape
    f = np.bincount(np.asarray(first_choice).astype(np.uint8), minlength=E)[:E] / T
    return float(E * np.sum(f * p.mean(axis=0)))
