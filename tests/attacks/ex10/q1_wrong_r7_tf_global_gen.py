# INTENT: right number; replaces TF's global random Generator
import tensorflow as _tf
_tf.random.set_global_generator(_tf.random.Generator.from_seed(0))
predicted_dropped = 4
