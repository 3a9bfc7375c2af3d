# INTENT: a correct answer (round-4 blind attacker)
import math
predicted_micro_batches = math.ceil((P - 1) * (1 - TARGET_BUBBLE) / TARGET_BUBBLE - 1e-9)
