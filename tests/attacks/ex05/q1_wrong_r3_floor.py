# INTENT: rounds down instead of up (13: bubble 0.1875 > 0.18)
predicted_micro_batches = int((P - 1) / TARGET_BUBBLE - (P - 1))
