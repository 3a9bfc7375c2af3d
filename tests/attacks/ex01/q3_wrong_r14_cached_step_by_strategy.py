# INTENT: wrong: state kept: the compiled step is cached per strategy at module level and takes the model through a mutable holder (keeps the last model's holder and strategy)
_EVAL_CACHE = {}
def evaluate(strategy, model, dist_dataset):
    entry = _EVAL_CACHE.get(id(strategy))
    if entry is None:
        holder = {}
        def replica_counts(x, y):
            pred = tf.argmax(holder["model"](x, training=False), axis=-1, output_type=tf.int32)
            correct = tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(y, tf.int32)), tf.int32))
            return correct, tf.shape(y)[0]
        def step(batch):
            c, n = strategy.run(replica_counts, args=batch)
            return strategy.reduce("SUM", c, axis=None), strategy.reduce("SUM", n, axis=None)
        entry = _EVAL_CACHE[id(strategy)] = (holder, step)
    holder, step = entry
    holder["model"] = model
    correct = total = 0
    for batch in dist_dataset:
        c, n = step(batch)
        correct += int(c); total += int(n)
    holder.pop("model", None)
    return correct / total
