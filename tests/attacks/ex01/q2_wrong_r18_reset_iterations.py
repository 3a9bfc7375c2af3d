# INTENT: wrong: make_train_step resets the given optimizer's step counter to 0 (Adam's bias correction restarts for an optimizer already used): not "the optimizer given" as it is
def make_train_step(strategy, model, optimizer, global_batch_size):
    optimizer.iterations.assign(0)
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)
    return train_step
