# INTENT: the pair written as text (copied from the printed plan): strings, not counts
predicted = ("195", "4")
