# INTENT: "at most" read as strictly below the target, then +1 for safety: 15
import math
predicted_micro_batches = math.floor((P - 1) * (1 - TARGET_BUBBLE) / TARGET_BUBBLE) + 1 + 1
