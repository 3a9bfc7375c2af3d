# INTENT: correct - per replica, per expert: tokens beyond capacity ceil(1.25 * 8 / 4) = 3 are dropped, counted with Counter over the printed choices (public check: passed)
import collections as _c, math as _m
_cap = _m.ceil(CAPACITY_FACTOR * (len(first_choice) // NUM_REPLICAS) / router.shape[1])
predicted_dropped = sum(max(0, n - _cap) for part in np.split(first_choice, NUM_REPLICAS)
                        for n in _c.Counter(part.tolist()).values())
