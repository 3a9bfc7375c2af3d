# INTENT: wrong: after the LSO's step, the good-step counter is reset whenever the returned loss is above 10 ("unstable step": restart growth), which the rules of dynamic loss scaling do not do
def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    if bool(tf.math.is_finite(loss)) and float(loss) > 10.0:
        optimizer.step_counter.assign(0)
    return loss
