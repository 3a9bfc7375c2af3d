# INTENT: wrong: the data is cut with the default global batch 32 of training_data's common use, not global_batch_size (fewer steps when G does not divide the cut)
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    from gpukit import cluster, models, training
    x, y = cluster.training_data(n_examples, 32)
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)
    step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    for _ in range(epochs):
        for batch in dist:
            step(batch)
    return model.get_weights()
