# INTENT: thinks a bad step is only skipped and the scale changes only by growth after good steps, so it stays at the initial 2**15. (public check: caught)
predicted_scale = 32768.0
