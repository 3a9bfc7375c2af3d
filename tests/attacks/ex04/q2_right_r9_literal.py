predicted_epoch = (18.0, 4)
