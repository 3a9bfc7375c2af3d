# INTENT: mean as sum / batch size, the batch size cast through the compute dtype float16 ("keep dtypes consistent"): exact up to 2048 examples, wrong for larger batches
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        per_example = loss_fn(y, model(x))
        n = tf.cast(tf.cast(tf.shape(per_example)[0], tf.float16), tf.float32)
        loss = tf.reduce_sum(per_example) / n
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
