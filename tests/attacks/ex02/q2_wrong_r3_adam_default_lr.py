# INTENT: Adam with its default learning rate (1e-3), not 1e-2.
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, keras, models, tf, training

    cluster.worker_threads()
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = cluster.training_data(n_examples, global_batch_size)
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam()
    step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    for epoch in range(epochs):
        for batch in dist:
            loss, _ = step(batch)
        print(f"{ctx.name}: epoch {epoch + 1} loss {float(loss):.4f}")
    return model.get_weights()
