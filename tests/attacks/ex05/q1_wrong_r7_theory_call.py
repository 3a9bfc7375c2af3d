# INTENT: forbidden shortcut: asks gpukit.pipeline.theory_bubble for each m (a library call, not a prediction).
from gpukit import pipeline as _pl
predicted_micro_batches = next(m for m in range(1, 1000) if _pl.theory_bubble(P, m) <= TARGET_BUBBLE)
