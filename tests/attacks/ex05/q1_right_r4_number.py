# INTENT: a correct answer (round-4 blind attacker)
predicted_micro_batches = 14
