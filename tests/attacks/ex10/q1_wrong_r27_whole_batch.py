# INTENT: wrong: counts the capacity over the whole batch of 16 (ceil(1.25*16/4) = 5 per expert) instead of per replica as the prompt says each replica routes its own tokens: predicts 3.
predicted_dropped = 3
