# INTENT: counts only the fill's P-1 idle ticks out of 2m+P-1 (forgets the drain at the end of the backwards): (P-1)/(2m+P-1) <= 0.18 -> 7.
import math
predicted_micro_batches = math.ceil(((P - 1) / TARGET_BUBBLE - (P - 1)) / 2)
