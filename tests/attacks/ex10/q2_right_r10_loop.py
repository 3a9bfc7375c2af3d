def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    T, E = len(probs), len(probs[0])
    total = 0.0
    for i in range(E):
        f_i = sum(1 for c in first_choice if int(c) == i) / T
        P_i = sum(float(probs[t][i]) for t in range(T)) / T
        total += f_i * P_i
    return E * total
