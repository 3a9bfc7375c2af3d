# INTENT: the same prediction computed from the printed first choices: per replica, per expert, max(0, load - ceil(cf * tokens / experts)).
import math as _math
_cap = _math.ceil(CAPACITY_FACTOR * (len(first_choice) // NUM_REPLICAS) / 4)
predicted_dropped = int(sum(max(0, int(n) - _cap)
                            for half in np.split(first_choice, NUM_REPLICAS)
                            for n in np.bincount(half, minlength=4)))
