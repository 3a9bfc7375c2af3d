import math
_cap = math.ceil(CAPACITY_FACTOR * (16 // NUM_REPLICAS) / 4)
predicted_dropped = sum(max(0, int(np.sum(c == e)) - _cap)
                        for c in np.split(first_choice, NUM_REPLICAS) for e in range(4))
