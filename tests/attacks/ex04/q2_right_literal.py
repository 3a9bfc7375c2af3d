# INTENT: correct, worked on paper: (18, 4).
predicted_epoch = (18, 4)
