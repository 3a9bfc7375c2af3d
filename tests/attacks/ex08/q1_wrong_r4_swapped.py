# INTENT: the pair in the wrong order
predicted = (4, 195)
