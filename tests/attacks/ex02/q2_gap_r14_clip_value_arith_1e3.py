# INTENT: wrong: gradients clipped by hand (each gradient value capped at +-1e3 by arithmetic (tf.minimum/tf.maximum); contract: no clipping, none by hand)
# GAP (issue 38, round 14): on the hidden scaled-inputs cluster case a clip at 1e3 does not move the weights past the 1e-4 tolerance (graded: it keeps its points); making it bind needs a larger SCALE, which moves what the other q2 catches were measured on, and a re-run of every kept q2 answer on the cluster (not done: test time and the deadline)
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    from gpukit import cluster, models
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = cluster.training_data(n_examples, global_batch_size)
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)
        optimizer.build(model.trainable_variables)
    loss_obj = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)

    def replica_step(xb, yb):
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            loss = tf.reduce_sum(loss_obj(yb, logits)) / global_batch_size
        grads = tape.gradient(loss, model.trainable_variables)
        grads = [tf.maximum(tf.minimum(g, 1e3), -1e3) for g in grads]
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

    for _ in range(epochs):
        for batch in dist:
            step(batch)
    return model.get_weights()
