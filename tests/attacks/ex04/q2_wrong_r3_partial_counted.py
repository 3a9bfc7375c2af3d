# INTENT: counts the dropped partial micro-batch (ceil instead of floor)
predicted_epoch = (19, 4)
