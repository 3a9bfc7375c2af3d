# INTENT: uses the bubble relative to useful time, (P-1)/m <= 0.18, instead of the share of the whole step: 17. (public check: caught)
import math
predicted_micro_batches = math.ceil((P - 1) / TARGET_BUBBLE)
