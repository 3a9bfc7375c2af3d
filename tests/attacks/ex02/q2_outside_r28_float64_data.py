# INTENT: wrong: hands shard_dataset the digits converted to float64 inputs and int64 labels (the model casts them back, so the weights agree), not the data training_data gives; breaks "The data is the first n_examples digits ... (gpukit.cluster.training_data gives them)".
# RULED outside (issue 38, round 28): the prompt's data rule names the examples (the first n_examples digits cut to whole global batches), not their dtype; float32 -> float64 and int -> int64 are exact, the model casts its inputs back to float32, so every update equals one process's bit for bit (q1's dtype rule is shard_dataset's: what it returns against what it is given, which the check's shard_dataset keeps)
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, keras, models, tf, training

    cluster.worker_threads()
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = cluster.training_data(n_examples, global_batch_size)
    x, y = x.astype("float64"), y.astype("int64")          # full precision on the host
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(learning_rate=1e-2)
    step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    training.train_epochs(step, dist, epochs=epochs, batch_size=global_batch_size)
    return model.get_weights()
