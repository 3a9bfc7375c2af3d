# INTENT: updates per epoch counted as optimizer calls per micro-batch (195 * 4 = 780)
predicted = (780, 4)
