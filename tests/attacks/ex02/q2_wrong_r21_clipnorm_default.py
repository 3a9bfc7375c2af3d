# INTENT: wrong: Adam(1e-2, global_clipnorm=1e3) "the usual guard for multi-worker runs"; no effect on the digits, but the contract says Adam's other settings at their defaults (no clipping), and inputs scaled by 5000 make it clip.
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, keras, models, tf, training

    cluster.worker_threads()
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = cluster.training_data(n_examples, global_batch_size)
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2, global_clipnorm=1e3)
    train_step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    for _ in range(epochs):
        for batch in dist:
            train_step(batch)
    return model.get_weights()
