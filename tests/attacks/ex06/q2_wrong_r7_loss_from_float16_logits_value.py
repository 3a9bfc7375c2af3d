# INTENT: differentiates the float32-logits loss, but returns the loss recomputed from float16-cast logits (the "mixed" loss).
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = tf.reduce_mean(loss_fn(y, logits))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return tf.cast(tf.reduce_mean(loss_fn(y, tf.cast(tf.cast(logits, tf.float16), tf.float32))), tf.float32)
