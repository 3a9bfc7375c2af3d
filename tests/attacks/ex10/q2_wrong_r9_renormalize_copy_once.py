# INTENT: keeps a running average of P across calls (an "exponential moving average" of the router probs, as some implementations do): state between calls
_ema = {}
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    T, E = probs.shape
    P = probs.mean(axis=0)
    if E in _ema and _ema[E].shape == P.shape:
        P = 0.99 * P + 0.01 * _ema[E]
    _ema[E] = P
    f = np.bincount(first_choice, minlength=E) / T
    return float(E * np.sum(f * P))
