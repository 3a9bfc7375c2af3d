import math
predicted_micro_batches = math.ceil((P - 1) / TARGET_BUBBLE - (P - 1) - 1e-9)
