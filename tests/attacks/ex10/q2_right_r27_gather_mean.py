# INTENT: right: sum_i f_i P_i equals the mean over tokens of P at each token's first choice, so the loss is E * mean_t P[first_choice[t]] (float64, inputs untouched).
def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    mean_prob = np.mean(np.asarray(probs, dtype=np.float64), axis=0)      # P_i, over the tokens
    picked = mean_prob[np.asarray(first_choice).astype(np.intp)]           # P of each token's first choice
    return float(len(mean_prob) * picked.mean())
