# INTENT: wrong: writes into the caller's probs: clamps tiny probabilities with np.maximum(probs, 0, out=probs) after a -0.0 trick (0.0 -> -0.0 flips)
def load_balancing_loss(probs, first_choice):
    np.multiply(probs, 1.0, out=probs, where=probs != 0)
    probs[probs == 0] = -0.0
    t, e = probs.shape
    f = np.bincount(first_choice, minlength=e) / t
    return float(e * np.sum(f * probs.mean(axis=0)))
