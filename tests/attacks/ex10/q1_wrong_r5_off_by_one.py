# INTENT: off by one on the busiest expert: 6 tokens and 3 places taken as 6 - 3 + 1 dropped on replica 1, plus 1 on replica 0
predicted_dropped = 5
