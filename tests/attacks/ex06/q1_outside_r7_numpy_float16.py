# INTENT: computes the scale in float16 (the dtype it protects): 4096 is exact there, but a float16 number is not the float the scale is.
import numpy as np
predicted_scale = np.float16(INITIAL_SCALE) / np.float16(2) ** BAD_STEPS
