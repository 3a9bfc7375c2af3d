# INTENT: uses Megatron's bubble-over-ideal (p-1)/m instead of the idle share of the step
import math
predicted_micro_batches = math.ceil((P - 1) / TARGET_BUBBLE)
