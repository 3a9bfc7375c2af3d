predicted_epoch = (18, 4)
