from gpukit import experts as _ex
import math
_cap = _ex.capacity(16 // NUM_REPLICAS, 4, CAPACITY_FACTOR)
predicted_dropped = int(sum((~np.asarray(_ex.dispatch_plan(c.reshape(-1, 1), 4, _cap)[1])).sum()
                            for c in np.split(first_choice, NUM_REPLICAS)))
