# INTENT: uses the bubble over the ideal time (p-1)/m <= b, not the idle share of the whole step: ceil(3/0.18) = 17
import math
predicted_micro_batches = math.ceil((P - 1) / TARGET_BUBBLE)
