# INTENT: right (other style): own custom loop: optimizer built in scope, per-replica loss = sum of SparseCategoricalCrossentropy / global batch, gradients applied unchanged, SUM-reduced loss; same strategy, data and dataset function as the contract asks.
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, keras, models, tf

    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = cluster.training_data(n_examples, global_batch_size)

    def dataset_fn(input_context):
        return shard_dataset(input_context, x, y, global_batch_size)

    dist = strategy.distribute_datasets_from_function(dataset_fn)
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(learning_rate=1e-2)
        optimizer.build(model.trainable_variables)
    per_example = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)

    def replica_step(xb, yb):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(per_example(yb, model(xb, training=True))) / global_batch_size
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

    for epoch in range(epochs):
        for batch in dist:
            step(batch)
    return model.get_weights()
