# INTENT: gives a tf.Variable holding the number (keeps a live object) instead of a number.
predicted_scale = tf.Variable(INITIAL_SCALE / 2 ** BAD_STEPS)
