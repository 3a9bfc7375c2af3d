# INTENT: wrong - counts tokens above an even share (2 per expert per replica) without the 1.25 slack, rounded per replica from 2.5: 8 - sum(min(n, 2.5)) (public check: caught)
predicted_dropped = int(round(sum(max(0, n - 2.5) for part in np.split(first_choice, NUM_REPLICAS) for n in np.bincount(part, minlength=4))))
