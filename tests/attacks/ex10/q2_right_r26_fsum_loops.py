# INTENT: right: plain Python: counts per expert and exact column sums with math.fsum, E * sum_i (n_i/T) * (S_i/T).
import math

def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    rows = [[float(v) for v in row] for row in probs]
    T, E = len(rows), len(rows[0])
    counts = [0] * E
    for c in first_choice:
        counts[int(c)] += 1
    col = [math.fsum(row[i] for row in rows) for i in range(E)]
    return E * math.fsum((counts[i] / T) * (col[i] / T) for i in range(E))
