# INTENT: idle compared with the useful work ((P-1)/m <= target) instead of the whole step: 17 instead of 14
import math
predicted_micro_batches = math.ceil((P - 1) / TARGET_BUBBLE)
