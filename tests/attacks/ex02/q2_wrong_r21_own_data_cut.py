# INTENT: wrong: loads the digits itself and cuts them to whole batches of the per-worker share instead of whole global batches (n_examples // (G/W) * (G/W)); with 144 examples and G=32 the shard_dataset is handed more than the whole global batches (gpukit's training_data contract), and the data is not what the prompt names.
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, data, keras, models, tf, training

    cluster.worker_threads()
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    per_worker = global_batch_size // strategy.num_replicas_in_sync
    (x, y), _ = data.digits()
    n = min(n_examples, len(x)) // per_worker * per_worker
    x, y = x[:n].astype("float32"), y[:n].astype("int32")
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)
    train_step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    for _ in range(epochs):
        for batch in dist:
            train_step(batch)
    return model.get_weights()
