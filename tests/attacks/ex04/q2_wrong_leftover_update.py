# INTENT: counts the 2 leftover micro-batches as a (fifth) update: ceil(18 / 4) = 5.
predicted_epoch = (18, 5)
