# INTENT: counts each replica's share (4 examples) as a micro-step
predicted_epoch = (72, 4)
