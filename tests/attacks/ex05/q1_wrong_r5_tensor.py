# INTENT: a TensorFlow scalar tensor, not a Python whole number
predicted_micro_batches = tf.constant(14)
