# INTENT: the planner called through a helper defined in the same cell, its number assigned afterwards in a second statement.
def _ask_planner():
    estimate = memory.estimate_from_counts(NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, optimizer="adam")
    return memory.max_batch_sizes([DEVICE_MIB * memory.MiB], estimate, headroom=HEADROOM)[0]

answer = _ask_planner()
predicted_max_batch = answer
