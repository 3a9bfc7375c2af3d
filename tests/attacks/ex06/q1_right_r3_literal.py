predicted_scale = 4096.0
