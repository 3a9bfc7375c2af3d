# INTENT: capacity rounded to nearest (round(2.5) = 2 in Python, banker's rounding) instead of ceil: 6 dropped
import math
_cap = round(CAPACITY_FACTOR * 8 / 4)
predicted_dropped = sum(max(0, int(np.sum(c == e)) - _cap) for c in np.split(first_choice, 2) for e in range(4))
