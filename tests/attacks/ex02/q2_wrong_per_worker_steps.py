# INTENT: limits each epoch to len(x) // global_batch_size // num_workers steps (thinks the workers split the steps), so it runs too few updates per epoch. (public check: caught)
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, models, training
    from gpukit import tf, keras

    x, y = cluster.training_data(n_examples, global_batch_size)
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)
    train_step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    steps = len(x) // global_batch_size // ctx.num_workers
    for _ in range(epochs):
        for _, batch in zip(range(steps), dist):
            train_step(batch)
    return model.get_weights()
