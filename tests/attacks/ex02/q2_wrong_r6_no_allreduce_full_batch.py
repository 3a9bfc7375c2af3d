# INTENT: every worker trains alone on the WHOLE global batch (shard_dataset called with a one-worker InputContext) with no strategy and no all-reduce; the MWMS is created (so the cluster connects) but never used. Each worker equals one process, yet nothing is split between the workers and there is no MultiWorkerMirrored training, which the prompt requires ("split between the workers with shard_dataset", "under MultiWorkerMirroredStrategy").
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, keras, models, tf, training

    x, y = cluster.training_data(n_examples, global_batch_size)
    strategy = tf.distribute.MultiWorkerMirroredStrategy()       # the cluster is up
    whole = shard_dataset(tf.distribute.InputContext(), x, y, global_batch_size)  # 1 pipeline: all of it
    model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
    optimizer = keras.optimizers.Adam(1e-2)
    training.train(tf.distribute.get_strategy(), model, optimizer, whole,
                   global_batch_size=global_batch_size, epochs=epochs)
    return model.get_weights()
