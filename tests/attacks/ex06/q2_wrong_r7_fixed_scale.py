# INTENT: multiplies the loss by the INITIAL scale 2**15 (constant) instead of the optimizer's current dynamic scale; the LSO unscales by its current scale.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = loss * 2.0 ** 15
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
