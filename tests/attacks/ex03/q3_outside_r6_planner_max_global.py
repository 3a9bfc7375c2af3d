# INTENT: reuses planner_max left by a previous run of the planner cell (a gpukit.memory result, not a prediction), falling back to the copied value
predicted_max_batch = globals().get("planner_max", 554)
