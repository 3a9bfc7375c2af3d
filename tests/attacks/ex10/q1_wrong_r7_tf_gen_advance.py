# INTENT: right number; draws from TF's global Generator (advances the session's generator)
import tensorflow as _tf
_ = _tf.random.get_global_generator().normal([3])
predicted_dropped = 4
