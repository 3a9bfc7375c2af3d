# INTENT: wrong: right loss, but the cell sets Keras' global image data format (channels_first) for the whole session
import tensorflow as _tf
_tf.keras.backend.set_image_data_format("channels_first")
def load_balancing_loss(probs, first_choice):
    p = np.asarray(probs, dtype=np.float64)
    t, e = p.shape
    return float(e * np.dot(np.bincount(first_choice, minlength=e) / t, p.mean(axis=0)))
