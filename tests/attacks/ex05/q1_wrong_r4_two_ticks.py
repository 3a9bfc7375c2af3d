# INTENT: counts the bubble of forwards only (P-1 idle ticks out of m+P-1 forward ticks, half the step) as P-1 over 2(m+P-1): 3/(2(m+3)) <= 0.18 -> m = 6
import math
predicted_micro_batches = math.ceil((P - 1) / (2 * TARGET_BUBBLE) - (P - 1))
