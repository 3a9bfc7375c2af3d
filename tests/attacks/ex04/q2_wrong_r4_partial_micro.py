# INTENT: counts the last partial micro-batch (300/16 rounded up)
predicted_epoch = (19, 4)
