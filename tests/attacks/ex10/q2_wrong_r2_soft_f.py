# INTENT: wrong - differentiable "soft" f (mean probability) in place of the fraction of first choices: E * sum P_i^2 (public check: caught)
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    P = np.mean(probs, axis=0)
    return float(len(P) * np.sum(P * P))
