# INTENT: right number; runs every tf.function eagerly to debug (session setting)
import tensorflow as _tf
_tf.config.run_functions_eagerly(True)
predicted_dropped = 4
