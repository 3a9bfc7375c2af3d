# INTENT: wrong: returns the weights rounded to 5 decimals (to send less), not model.get_weights()
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    import numpy as np
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
    step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    for _ in range(epochs):
        for batch in dist:
            step(batch)
    return [np.round(w, 5) for w in model.get_weights()]
