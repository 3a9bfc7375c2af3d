# INTENT: wrong: uses gpukit's bubble formula (forbidden: "running gpukit's ... bubble formulas") reached through gpukit.pipeline's interleaved variant so that a watch on parallel.theory_bubble may not see it.
from gpukit import pipeline as _pl
_m = 1
while _pl.theory_bubble_interleaved(P, _m, 1) > TARGET_BUBBLE:
    _m += 1
predicted_micro_batches = _m
