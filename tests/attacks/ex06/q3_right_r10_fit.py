def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    if policy_name == "mixed_float16":
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    model.compile(optimizer=opt, loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), jit_compile=False)
    hist = model.fit(x, y, batch_size=len(x), epochs=steps, shuffle=False, verbose=0)
    return [float(v) for v in hist.history["loss"]]
