# INTENT: wrong: uses the papers' bubble over the ideal time (P-1)/m <= T instead of the idle share of the whole step, predicting 17.
import math
predicted_micro_batches = math.ceil((P - 1) / TARGET_BUBBLE)
