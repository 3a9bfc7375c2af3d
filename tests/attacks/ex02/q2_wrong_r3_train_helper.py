# INTENT: shortcut: gpukit.training.train on arrays (experimental_distribute_dataset with auto-sharding), never calling shard_dataset.
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, keras, models, tf, training

    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = cluster.training_data(n_examples, global_batch_size)
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)
    training.train(strategy, model, optimizer, (x, y), global_batch_size=global_batch_size, epochs=epochs)
    return model.get_weights()
