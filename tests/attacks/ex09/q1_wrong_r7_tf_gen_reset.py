# INTENT: right number; resets TF's global generator from a seed
tf.random.get_global_generator().reset_from_seed(0)
predicted_bytes = 4 * 2410 + 12 * 603
