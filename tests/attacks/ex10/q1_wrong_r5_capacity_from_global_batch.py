# INTENT: capacity from the whole batch per replica (ceil(1.25 * 16 / 4) = 5 places per expert on each replica): only replica 1 expert 2 (6 tokens) drops one
predicted_dropped = 1
