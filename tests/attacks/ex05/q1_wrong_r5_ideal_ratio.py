# INTENT: uses the bubble over the ideal time (p-1)/m (Megatron's ratio) instead of the idle share of the step (p-1)/(m+p-1)
import math
predicted_micro_batches = math.ceil((P - 1) / TARGET_BUBBLE)
