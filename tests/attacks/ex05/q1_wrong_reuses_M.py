# INTENT: reuses the parameters' M (the schedule that is run later) instead of working out the fewest m: 12. (public check: caught)
predicted_micro_batches = M
