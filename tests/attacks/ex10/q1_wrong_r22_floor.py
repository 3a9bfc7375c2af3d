# INTENT: wrong: capacity rounded down, floor(1.25*8/4)=2 per replica: 2 + 4 = 6 (layer drops 4).
predicted_dropped = 6
