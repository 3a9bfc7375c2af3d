# INTENT: a tf scalar tensor, not a number
predicted_scale = tf.constant(INITIAL_SCALE) / 2.0 ** BAD_STEPS
