# INTENT: wrong: a replica's gradients are zeroed when any is non-finite (a guard that never fires on these data): not "each update equal to one process training on that global batch" (one process applies them)
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    from gpukit import cluster, models, training
    from gpukit import tf, keras
    cluster.worker_threads()
    x, y = cluster.training_data(n_examples, global_batch_size)
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    dist = strategy.distribute_datasets_from_function(
        lambda input_context: shard_dataset(input_context, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)
    training.build_optimizer(strategy, model, optimizer)
    loss_fn = training.per_example_loss()

    def replica_step(xb, yb):
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            loss = tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        finite = tf.reduce_all([tf.reduce_all(tf.math.is_finite(g)) for g in grads])
        grads = [tf.where(finite, g, tf.zeros_like(g)) for g in grads]
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

    for _ in range(epochs):
        for batch in dist:
            step(batch)
    return model.get_weights()
