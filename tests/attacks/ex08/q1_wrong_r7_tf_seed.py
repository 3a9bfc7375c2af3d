# INTENT: right numbers, but the cell sets TensorFlow's global seed (session state changed)
import tensorflow as _tf
_tf.random.set_seed(SEED)
predicted = (195, 4)
