# INTENT: wrong: a NaN loss is replaced by 0 before tape.gradient (a guard; the prompt: no guard of the loss however large, infinite or NaN)
def make_train_step(strategy, model, optimizer, global_batch_size):
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
            loss = tf.where(tf.math.is_nan(loss), tf.zeros_like(loss), loss)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)
    return train_step
