# INTENT: wrong: the global loss returned as float64 after summing the replicas' losses in float64 (loss dtype changed: not the float32 number training uses)
def make_train_step(strategy, model, optimizer, global_batch_size):
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return tf.cast(loss, tf.float64)

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)
    return train_step
