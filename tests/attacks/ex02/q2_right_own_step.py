# INTENT: correct, own step: per-example loss summed and divided by the global batch, optimizer built in scope before the first step, tf.function step over an explicit iterator with a counted number of steps.
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, models
    from gpukit import tf, keras

    x, y = cluster.training_data(n_examples, global_batch_size)
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(learning_rate=1e-2)
        optimizer.build(model.trainable_variables)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)

    def replica_step(xb, yb):
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            loss = tf.reduce_sum(per_example) / float(global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(iterator):
        return strategy.reduce("SUM", strategy.run(replica_step, args=next(iterator)), axis=None)

    steps = len(x) // global_batch_size
    dist = strategy.distribute_datasets_from_function(
        lambda ic: shard_dataset(ic, x, y, global_batch_size))
    for _ in range(epochs):
        it = iter(dist)
        for _ in range(steps):
            step(it)
    return [w for w in model.get_weights()]
