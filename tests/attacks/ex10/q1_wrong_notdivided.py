# INTENT: capacity not divided among the experts (ceil(1.25 * 8) = 10 places each): no drops. (public check: caught)
predicted_dropped = 0
