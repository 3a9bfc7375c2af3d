# INTENT: wrong: each replica's loss is floored at -3e38 with tf.maximum before tape.gradient (a guard; prompt: differentiating its value as it is, no clipping, capping or guard of the loss): a NaN loss gets a zero gradient through the max
def make_train_step(strategy, model, optimizer, global_batch_size):
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.maximum(compute_loss(model, x, y, global_batch_size), -3e38)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        per_replica = strategy.run(replica_step, args=batch)
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)
    return train_step
