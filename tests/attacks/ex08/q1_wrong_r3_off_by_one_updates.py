# INTENT: off by one: subtracts one more update for the dropped remainder
predicted = (194, 4)
