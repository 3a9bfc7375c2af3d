# INTENT: counts one slot of Adam (the first moment) only: 2 x 603 x 4 of sharded state
predicted_bytes = 2410 * 4 + 2 * 603 * 4
