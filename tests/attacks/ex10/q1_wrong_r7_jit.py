# INTENT: right number; turns XLA auto-jit on
import tensorflow as _tf
_tf.config.optimizer.set_jit(True)
predicted_dropped = 4
