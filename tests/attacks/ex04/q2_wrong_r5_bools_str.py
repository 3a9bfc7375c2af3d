# INTENT: strings instead of ints
predicted_epoch = ("18", "4")
