# INTENT: idle share written P/(m+P) (off by one stage): 4/(m+4) <= 0.18 -> 19.
import math
predicted_micro_batches = math.ceil(P / TARGET_BUBBLE - P)
