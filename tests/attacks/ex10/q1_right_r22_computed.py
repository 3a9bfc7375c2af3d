# INTENT: right: counts per replica with numpy from the printed first choices and the capacity ceil(cf*T_r/E) (no layer run): 4.
import math
predicted_dropped = sum(max(0, int((choices == e).sum()) - math.ceil(CAPACITY_FACTOR * len(choices) / 4))
                        for choices in np.split(first_choice, NUM_REPLICAS) for e in range(4))
