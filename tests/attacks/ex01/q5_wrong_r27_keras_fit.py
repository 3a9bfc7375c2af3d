# INTENT: wrong: replaces the loop by model.compile + model.fit under the strategy on the first min(steps, full batches) global batches (no strategy.run of its own, a Keras loss instead of the notebook's loss_fn, the model handed back compiled), breaking "same behaviour as train_buggy, each step run with strategy.run".
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        model.compile(optimizer=keras.optimizers.SGD(learning_rate),
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), jit_compile=False)
    full = len(x) // global_batch_size
    n = min(steps, full) * global_batch_size
    model.fit(x[:n], y[:n], batch_size=global_batch_size, epochs=1, shuffle=False, verbose=0)
    return model
