# INTENT: correct: MWMS, data from cluster.training_data, datasets from shard_dataset via distribute_datasets_from_function, model/Adam(1e-2) in scope, lesson 01's training.make_train_step, returns the weights.
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, models, training
    from gpukit import tf, keras

    cluster.worker_threads()
    x, y = cluster.training_data(n_examples, global_batch_size)
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    dist = strategy.distribute_datasets_from_function(
        lambda input_context: shard_dataset(input_context, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)
    train_step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    for epoch in range(epochs):
        losses = [float(train_step(batch)[0]) for batch in dist]
        print(f"worker {ctx.task_index}: epoch {epoch + 1} mean loss {sum(losses) / len(losses):.4f}")
    return model.get_weights()
