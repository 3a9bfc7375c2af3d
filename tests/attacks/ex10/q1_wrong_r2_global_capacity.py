# INTENT: wrong - applies the capacity to the whole batch of 16 (capacity 5 per expert over all tokens) instead of per replica (public check: caught)
predicted_dropped = 3
