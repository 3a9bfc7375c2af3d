# INTENT: off-by-one: "strictly under" the target and one more for safety
import math
predicted_micro_batches = math.ceil((P - 1) / TARGET_BUBBLE - (P - 1)) + 1
