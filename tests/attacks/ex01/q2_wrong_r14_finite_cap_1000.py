# INTENT: wrong: a guard: a finite replica loss above 1000 is not differentiated (stop_gradient), "no ... guard of the loss, however large"
def make_train_step(strategy, model, optimizer, global_batch_size):
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
            huge = tf.logical_and(tf.math.is_finite(loss), loss > 1000.0)
            loss = tf.where(huge, tf.stop_gradient(loss), loss)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)
    return train_step
