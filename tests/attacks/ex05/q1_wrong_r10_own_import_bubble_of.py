# INTENT: simulates with gpukit.pipeline imported under another name (Schedule.simulate + bubble_of): the forbidden simulator, reached by a different path.
from gpukit import pipeline as _pl
predicted_micro_batches = next(m for m in range(1, 200)
                               if _pl.bubble_of(_pl.make_schedule("gpipe", P, m).simulate(), P) <= TARGET_BUBBLE + 1e-12)
