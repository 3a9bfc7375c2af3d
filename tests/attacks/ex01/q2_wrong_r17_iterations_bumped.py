# INTENT: wrong: besides apply_gradients (which counts the step), the step also bumps optimizer.iterations by hand: the optimizer's step count doubles (schedules, Adam's bias correction see the wrong step)
def make_train_step(strategy, model, optimizer, global_batch_size):
    def replica_step(xb, yb):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, xb, yb, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        loss = strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)
        optimizer.iterations.assign_add(1)
        return loss

    return train_step
