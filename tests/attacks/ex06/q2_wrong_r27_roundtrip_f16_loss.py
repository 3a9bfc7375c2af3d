# INTENT: wrong: returns the loss rounded through float16 and cast back to float32 ("it is a float16 model anyway"), breaking "not rounded to 16 bits"; the dtype is float32 and the error (<5e-4 relative) sits inside 1e-3.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return tf.cast(tf.cast(loss, model.compute_dtype), tf.float32)
