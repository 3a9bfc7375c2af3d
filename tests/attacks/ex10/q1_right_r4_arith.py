import math
cap = math.ceil(1.25 * 8 / 4)
predicted_dropped = max(0, 4 - cap) + max(0, 6 - cap)
