# INTENT: counts P idle ticks instead of P-1: P/(m+P) <= 0.18 -> 19. (public check: caught)
import math
predicted_micro_batches = math.ceil(P / TARGET_BUBBLE - P)
