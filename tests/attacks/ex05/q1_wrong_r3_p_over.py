# INTENT: uses p/(m+p) for the bubble (counts p stages idle instead of p-1)
import math
predicted_micro_batches = math.ceil(P / TARGET_BUBBLE - P)
