# INTENT: a correct answer (round-4 blind attacker)
predicted_micro_batches = round((P - 1) * (1 - TARGET_BUBBLE) / TARGET_BUBBLE)
