# INTENT: ceil on both
predicted = (196, 3)
