# INTENT: applies the capacity to the whole batch (ceil(1.25*16/4) = 5 over all 16 tokens) instead of per replica: loads [5,1,8,2] drop 3. (public check: caught)
predicted_dropped = 3
