# INTENT: counts the dropped (token, expert) choices of a top-2 router (2 choices per token, second choices take places after the first)
predicted_dropped = 4 + 1
