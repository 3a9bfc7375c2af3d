# INTENT: RIGHT - worked out by hand: 4 micro-batches of 4/replica (16 examples), 300 // 16 = 18 micro-steps (12 dropped), 18 // 4 = 4 updates (2 leftover micro-steps never update).
predicted_epoch = (18, 4)
