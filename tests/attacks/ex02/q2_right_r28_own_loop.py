# INTENT: right: own custom loop: per-example sparse cross-entropy summed and divided by the global batch (compute_average_loss), gradients applied by Adam(1e-2) built in the MWMS scope, one update per distributed batch.
def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Train with MultiWorkerMirroredStrategy in this worker; return the final weights."""
    import gpukit
    from gpukit import cluster, keras, models, tf

    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = gpukit.cluster.training_data(n_examples, global_batch_size)

    def make(input_context):
        return shard_dataset(input_context, x, y, global_batch_size)

    batches = strategy.distribute_datasets_from_function(make)
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)
        optimizer.build(model.trainable_variables)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)

    def replica_step(xb, yb):
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            loss = tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.run(replica_step, args=batch)

    for epoch in range(epochs):
        for batch in batches:
            train_step(batch)
        if ctx.is_chief:
            print(f"epoch {epoch + 1}/{epochs} done")
    return model.get_weights()
