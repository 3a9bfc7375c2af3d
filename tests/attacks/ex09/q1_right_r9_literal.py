predicted_bytes = 16876
