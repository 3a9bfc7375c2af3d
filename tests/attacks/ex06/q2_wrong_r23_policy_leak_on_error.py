# INTENT: wrong: switches the global policy to the model's policy for the step and switches back only on the normal path (no try/finally) - a step that raises (bad batch shape, labels out of range) leaves the session in mixed_float16.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    previous = keras.mixed_precision.global_policy()
    keras.mixed_precision.set_global_policy(model.dtype_policy.name if hasattr(model, "dtype_policy") else "mixed_float16")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    keras.mixed_precision.set_global_policy(previous)
    return loss
