# INTENT: right: the counts worked out by hand, 300 // 16 = 18 micro-steps and 18 // 4 = 4 updates, written as whole floats.
predicted_epoch = (18.0, 4.0)
