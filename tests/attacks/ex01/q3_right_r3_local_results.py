import numpy as np

def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def predict(x, y):
        return tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32), tf.cast(y, tf.int32)

    correct, seen = 0, 0
    for batch in dist_dataset:
        preds, labels = strategy.run(predict, args=batch)
        for p, l in zip(strategy.experimental_local_results(preds), strategy.experimental_local_results(labels)):
            p, l = np.asarray(p), np.asarray(l)
            correct += int((p == l).sum())
            seen += len(l)
    return float(correct / seen)
