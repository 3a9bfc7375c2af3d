# INTENT: right, computed from the printed first choices with gpukit.experts.capacity
from gpukit import experts as _experts
cap = _experts.capacity(16 // NUM_REPLICAS, 4, CAPACITY_FACTOR)
predicted_dropped = int(sum(np.maximum(np.bincount(c, minlength=4) - cap, 0).sum()
                            for c in np.split(first_choice, NUM_REPLICAS)))
