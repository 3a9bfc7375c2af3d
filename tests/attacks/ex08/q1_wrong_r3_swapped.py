# INTENT: order of the tuple swapped
predicted = (4, 195)
