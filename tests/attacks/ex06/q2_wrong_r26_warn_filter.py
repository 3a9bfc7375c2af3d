# INTENT: wrong: correct step, but on a NaN/inf loss it installs a global warnings filter ("once" for its message) and never removes it: a session setting changed, only on the corrupt-example path
import warnings
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    if not bool(tf.math.is_finite(loss)):
        warnings.filterwarnings("once", message="train_step: non-finite loss")   # don't flood the log
        warnings.warn("train_step: non-finite loss, step skipped by the loss scaler", RuntimeWarning)
    return loss
