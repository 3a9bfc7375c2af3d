# INTENT: uses tf.math.in_top_k(k=1) as "prediction == y": with tied largest logits it counts every tied class as right (not the argmax's class), and NaN logits differ
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        logits = tf.cast(model(x, training=False), tf.float32)
        hit = tf.math.in_top_k(tf.cast(y, tf.int32), logits, k=1)
        return tf.reduce_sum(tf.cast(hit, tf.float32)), tf.cast(tf.size(y), tf.float32)
    correct = total = 0.0
    for batch in dist_dataset:
        c, n = training.sum_over_replicas(strategy, *strategy.run(replica, args=batch))
        correct += float(c)
        total += float(n)
    return correct / total
