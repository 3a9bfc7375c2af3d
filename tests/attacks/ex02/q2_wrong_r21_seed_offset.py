# INTENT: wrong: passes seed + ctx.task_index to models.mlp "so workers differ" (MWMS broadcasts the chief's initial values, so the weights still agree); the contract asks models.mlp(..., seed=seed) and the check notes the seed each worker gives.
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, keras, models, tf, training

    cluster.worker_threads()
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = cluster.training_data(n_examples, global_batch_size)
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed + ctx.task_index)
        optimizer = keras.optimizers.Adam(1e-2)
    train_step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    for _ in range(epochs):
        for batch in dist:
            train_step(batch)
    return model.get_weights()
