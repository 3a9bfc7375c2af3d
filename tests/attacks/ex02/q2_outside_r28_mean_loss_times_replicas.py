# INTENT: wrong: each replica takes the mean loss of its own batch and the gradients are summed (not scaled by the replicas), so an update is num_replicas times the one-process gradient; Adam's scale invariance hides it except through epsilon; breaks "each update equal to one process training on that global batch".
# RULED outside (issue 38, round 28): not wrong: Keras 3's loss with its default reduction (sum_over_batch_size) multiplies by 1/num_replicas_in_sync under tf.distribute (keras.src.losses.loss.scale_loss_for_distribution), so each replica's loss is its sum over the GLOBAL batch and the all-reduced gradient equals one process's exactly (measured: max difference 0.0 against tf.nn.compute_average_loss on 3 replicas; graded weights within 1e-4); reduce_mean by hand (q2_wrong_per_worker_mean) is the N-times gradient and stays caught
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    from gpukit import cluster, keras, models, tf

    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = cluster.training_data(n_examples, global_batch_size)
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)
        optimizer.build(model.trainable_variables)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)   # mean over my batch

    def replica_step(xb, yb):
        with tf.GradientTape() as tape:
            loss = loss_fn(yb, model(xb, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))   # all-reduce sums them
        return loss

    @tf.function
    def step(batch):
        return strategy.run(replica_step, args=batch)

    for _ in range(epochs):
        for batch in dist:
            step(batch)
    return model.get_weights()
