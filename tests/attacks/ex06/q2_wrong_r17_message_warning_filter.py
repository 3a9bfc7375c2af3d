# INTENT: wrong: leaves a session-wide warnings filter (by message) at the top of the cell, to hide Keras' 'Gradients do not exist' warnings
import warnings
warnings.filterwarnings('ignore', message='.*[Gg]radients do not exist.*')
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    variables = model.trainable_variables
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = tf.reduce_mean(loss_fn(y, logits))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, variables)
    optimizer.apply_gradients(zip(grads, variables))
    return loss
