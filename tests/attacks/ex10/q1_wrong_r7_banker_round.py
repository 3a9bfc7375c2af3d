# INTENT: capacity with Python's round(2.5) (= 2, banker's rounding) instead of ceil
_cap = round(CAPACITY_FACTOR * 8 / 4)
predicted_dropped = int(sum(max(0, int(np.sum(c == e)) - _cap) for c in np.split(first_choice, 2) for e in range(4)))
