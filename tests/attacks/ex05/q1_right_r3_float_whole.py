# INTENT: a float (14.0) instead of the whole number (int) asked for
import math
predicted_micro_batches = float(math.ceil((P - 1) / TARGET_BUBBLE - (P - 1)))
