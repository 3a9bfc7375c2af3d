# INTENT: capacity over the whole batch (ceil(1.25*16/4)=5) and counts over all 16 tokens, not per replica: expert 2 has 8 -> 3 dropped
predicted_dropped = 8 - 5
