# INTENT: right: k=4 (per replica 4), micro-batch 16, 300//16 = 18 micro-steps, 18//4 = 4 updates.
predicted_epoch = (300 // 16, (300 // 16) // 4)
