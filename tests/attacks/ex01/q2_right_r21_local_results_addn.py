# INTENT: right (other style): a tf.function over a replica function that returns the loss; the whole-batch loss is the tf.add_n of the replicas' local results (same as SUM reduce), gradients applied unchanged by the given optimizer.
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    gbs = global_batch_size

    def one_replica(inputs, labels):
        with tf.GradientTape() as tape:
            replica_loss = compute_loss(model, inputs, labels, gbs)
        optimizer.apply_gradients(zip(tape.gradient(replica_loss, model.trainable_variables),
                                      model.trainable_variables))
        return replica_loss

    def step(batch):
        losses = strategy.experimental_local_results(strategy.run(one_replica, args=tuple(batch)))
        return tf.add_n([tf.identity(l) for l in losses])

    return tf.function(step)


def compute_loss(model, x, y, global_batch_size):
    per_example = loss_fn(y, model(x, training=True))
    return tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
