# INTENT: compresses the gradients to float16 before the all-reduce (half the communication): each update is no longer one process's update on the global batch, only close to it
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, models
    from gpukit import keras, tf

    x, y = cluster.training_data(n_examples, global_batch_size)
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(learning_rate=1e-2)
        optimizer.build(model.trainable_variables)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)

    def replica_step(xb, yb):
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            loss = tf.reduce_sum(per_example) / global_batch_size
        grads = [tf.cast(tf.cast(g, tf.float16), tf.float32) for g in tape.gradient(loss, model.trainable_variables)]
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

    for _ in range(epochs):
        for batch in dist:
            step(batch)
    return model.get_weights()
