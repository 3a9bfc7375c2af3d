predicted_dropped = 4
