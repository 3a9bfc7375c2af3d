# INTENT: a TensorFlow tensor instead of two ints
predicted_epoch = tf.constant([18, 4])
