# INTENT: uses lesson 01's MirroredStrategy in every worker instead of MultiWorkerMirroredStrategy. Each worker is then a one-worker "cluster": distribute_datasets_from_function calls shard_dataset with 1 pipeline, so every worker trains alone on the whole global batch, no all-reduce between workers. Equal to one process, but not the MWMS training split between workers the prompt asks for.
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, keras, models, tf, training

    cluster.worker_threads()
    x, y = cluster.training_data(n_examples, global_batch_size)
    strategy = tf.distribute.MirroredStrategy()
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)
    step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    training.train_epochs(step, dist, epochs=epochs, batch_size=global_batch_size)
    return model.get_weights()
