# INTENT: right (other style): own tf.data pipeline (batch by the global batch, drop_remainder, take(steps)) distributed with experimental_distribute_dataset, loss via tf.nn.compute_average_loss on the global batch, optimizer built in scope before the first step.
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
        optimizer.build(model.trainable_variables)
    ds = (tf.data.Dataset.from_tensor_slices((x, y))
          .batch(global_batch_size, drop_remainder=True)
          .take(steps))
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA
    dist = strategy.experimental_distribute_dataset(ds.with_options(options))

    def on_replica(xb, yb):
        with tf.GradientTape() as tape:
            loss = tf.nn.compute_average_loss(loss_fn(yb, model(xb, training=True)),
                                              global_batch_size=global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def run_step(xb, yb):
        return strategy.reduce("SUM", strategy.run(on_replica, args=(xb, yb)), axis=None)

    for xb, yb in dist:
        run_step(xb, yb)
    return model
