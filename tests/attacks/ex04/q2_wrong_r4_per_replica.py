# INTENT: counts one replica's share (4 examples) as a micro-step: 300 // 4 = 75
predicted_epoch = (75, 4)
