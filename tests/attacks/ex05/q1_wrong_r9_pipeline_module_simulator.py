# INTENT: runs gpukit's schedule simulator (the forbidden shortcut) through gpukit.pipeline instead of parallel, so the watch on parallel may miss it
import gpukit.pipeline as _pl
predicted_micro_batches = next(m for m in range(1, 1000) if _pl.Schedule.bubble(_pl.make_schedule("gpipe", P, m)) <= TARGET_BUBBLE)
