# INTENT: trainable variables listed once when the step is made: a layer frozen (or unfrozen) afterwards is still trained as before
def make_train_step(strategy, model, optimizer, global_batch_size):
    variables = list(model.trainable_variables)

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, variables)
        optimizer.apply_gradients(zip(grads, variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)
    return train_step
