# INTENT: wrong - ignores the capacity factor (capacity 8/4 = 2 per expert) (public check: caught)
predicted_dropped = 16 - sum(min(2, int(n)) for part in np.split(first_choice, NUM_REPLICAS) for n in np.bincount(part, minlength=4))
