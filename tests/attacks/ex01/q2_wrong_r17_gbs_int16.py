# INTENT: wrong: hands compute_loss the global batch size narrowed to an int16 tensor (wraps above 32767), not "the global_batch_size given"
def make_train_step(strategy, model, optimizer, global_batch_size):
    gbs16 = tf.constant(global_batch_size, tf.int64)
    def replica_step(xb, yb):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, xb, yb, tf.cast(gbs16, tf.int16))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    return train_step
