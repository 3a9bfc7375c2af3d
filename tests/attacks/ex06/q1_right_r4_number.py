# INTENT: a correct answer (round-4 blind attacker)
predicted_scale = 4096.0
