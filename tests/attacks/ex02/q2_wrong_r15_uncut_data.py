# INTENT: wrong: hands shard_dataset the first n_examples digits NOT cut to whole global batches (prompt: the data is the first n_examples digits cut to whole global batches); only a shard_dataset that cuts hides it
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    from gpukit import data, models, training
    from gpukit._tf import keras, tf
    (x_all, y_all), _ = data.digits()
    x = x_all[:n_examples].astype("float32")
    y = y_all[:n_examples].astype("int32")
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    dist = strategy.distribute_datasets_from_function(
        lambda input_context: shard_dataset(input_context, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)
    step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    for _ in range(epochs):
        for batch in dist:
            step(batch)
    return model.get_weights()
