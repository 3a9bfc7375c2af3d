# INTENT: places shard k on /CPU:k as tf tensors and casts to the default float (tf.float32) -- dtype of a float64 pair lost; also uses tf.split that accepts uneven via num_or_size_splits list when h % d
import numpy as np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = int(w1.shape[1])
    if h % d:
        raise ValueError(f"d={d} does not divide {h}")
    shards = []
    for k, (a, b, c) in enumerate(zip(tf.split(tf.cast(w1, tf.float32), d, axis=1), tf.split(tf.cast(b1, tf.float32), d),
                                      tf.split(tf.cast(w2, tf.float32), d, axis=0))):
        shards.append((a, b, c))
    return shards
