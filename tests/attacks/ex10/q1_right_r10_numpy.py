import math
_cap = math.ceil(CAPACITY_FACTOR * (len(first_choice) // NUM_REPLICAS) / router.shape[1])
predicted_dropped = int(sum(np.maximum(np.bincount(c, minlength=router.shape[1]) - _cap, 0).sum()
                            for c in np.split(first_choice, NUM_REPLICAS)))
