# INTENT: whole batch and no capacity factor (16/4 = 4 places per expert): loads [5,1,8,2] drop 1 + 4 = 5. (public check: caught)
predicted_dropped = 5
