# INTENT: a correct answer (round-4 blind attacker)
predicted_epoch = (18, 4)
