# INTENT: the scale as a TensorFlow tensor (float16 arithmetic "like the optimizer"), not a number
predicted_scale = tf.constant(INITIAL_SCALE, tf.float16) / 2 ** BAD_STEPS
