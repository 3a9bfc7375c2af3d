# INTENT: right: capacity ceil(1.25 * 8 / 4) = 3 per expert per replica; replica 0 sends 4 to expert 0 (1 dropped), replica 1 sends 6 to expert 2 (3 dropped)
predicted_dropped = (4 - 3) + (6 - 3)
