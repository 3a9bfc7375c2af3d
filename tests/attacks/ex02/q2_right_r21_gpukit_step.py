# INTENT: right: MWMS; data from cluster.training_data; datasets via distribute_datasets_from_function with TF's input_context passed to the given shard_dataset; mlp(input_shape=(64,), hidden=(32,), seed=seed) and Adam(1e-2) in scope; gpukit.training.make_train_step (global-batch loss); epochs passes; returns get_weights().
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, keras, models, tf, training

    cluster.worker_threads()
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = cluster.training_data(n_examples, global_batch_size)
    dist = strategy.distribute_datasets_from_function(
        lambda input_context: shard_dataset(input_context, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)
    train_step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    for _ in range(epochs):
        for batch in dist:
            train_step(batch)
    return model.get_weights()
