# INTENT: forgets the two biases (Dense layers have biases)
predicted_bytes = (2048 + 320) * 4 + (512 + 80) * 12
