# INTENT: wrong: a tuple of int32 TensorFlow tensors, not of Python ints.
# RULED outside (issue 38, round 16, the lead): TensorFlow scalars of the right values are the two numbers, as a list or a NumPy array of them (it crashed the check before)
predicted = (tf.constant(195), tf.constant(4))
