# INTENT: wrong: right number, but the cell changes TensorFlow's grappler options (a session-wide TF configuration)
tf.config.optimizer.set_experimental_options({"layout_optimizer": False})
predicted_micro_batches = 14
