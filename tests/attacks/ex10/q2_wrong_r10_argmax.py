# INTENT: (outside: the contract says first_choice IS each token's first choice, i.e. argmax of probs) recomputes it from probs, ignoring the argument
# RULED wrong (issue 38, round 10; filed outside): the contract gives first_choice (before any capacity) and f is counted from it; routing by the router's argmax ignores the given choices (rounds 1-9's argmax answers are wrong too)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    probs = np.asarray(probs, dtype=np.float64)
    T, E = probs.shape
    f = np.bincount(probs.argmax(axis=1), minlength=E) / T
    return float(E * np.sum(f * probs.mean(axis=0)))
