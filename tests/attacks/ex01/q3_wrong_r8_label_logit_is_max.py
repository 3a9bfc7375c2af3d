# INTENT: counts an example right when the label's logit equals the largest logit: a tie for the maximum counts as right for every tied class (argmax picks one)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        logits = model(x, training=False)
        label_logit = tf.gather(logits, tf.cast(tf.reshape(y, [-1]), tf.int32), axis=1, batch_dims=1)
        hit = tf.equal(label_logit, tf.reduce_max(logits, axis=-1))
        return tf.reduce_sum(tf.cast(hit, tf.int32)), tf.size(hit)

    @tf.function
    def step(batch):
        r, n = strategy.run(replica_counts, args=batch)
        return strategy.reduce("SUM", r, axis=None), strategy.reduce("SUM", n, axis=None)

    correct = total = 0
    for batch in dist_dataset:
        r, n = step(batch)
        correct += int(r)
        total += int(n)
    return correct / total
