# INTENT: counts the dropped partial micro-batch: ceil(300 / 16) = 19 micro-steps.
predicted_epoch = (19, 4)
