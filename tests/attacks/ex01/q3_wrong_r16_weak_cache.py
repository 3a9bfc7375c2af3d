# INTENT: wrong: accuracy cached per (model, dataset) in a WeakKeyDictionary; a model trained further and evaluated again on the same dataset gets the stale value
import weakref
_acc_cache = weakref.WeakKeyDictionary()

def evaluate(strategy, model, dist_dataset):
    per_model = _acc_cache.setdefault(model, {})
    if id(dist_dataset) in per_model:
        return per_model[id(dist_dataset)]
    def replica_count(x, y):
        pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int64)
        return (tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(y, tf.int64)), tf.int64)),
                tf.cast(tf.size(y), tf.int64))
    total_right = total = 0
    for batch in dist_dataset:
        right, seen = strategy.run(replica_count, args=tuple(batch))
        total_right += int(strategy.reduce("SUM", right, axis=None))
        total += int(strategy.reduce("SUM", seen, axis=None))
    acc = total_right / total if total else 0.0
    per_model[id(dist_dataset)] = acc
    return acc
