# INTENT: counts one replica's share (4 examples) as a micro-step: 300 // 4 = 75 micro-steps, 75 // 4 = 18 updates.
predicted_epoch = (75, 18)
