# INTENT: forbidden shortcut: runs gpukit's simulator to search m instead of working it out before running anything.
from gpukit import parallel as _par
predicted_micro_batches = next(m for m in range(1, 1000) if _par.make_schedule("gpipe", P, m).bubble() <= TARGET_BUBBLE)
