# INTENT: uses tf.split with num_or_size_splits computed by ceil so it never raises ValueError itself, and only checks d <= h.
import math
def split_pair(w1, b1, w2, d):
    h = w1.shape[1]
    if d > h:
        raise ValueError("more devices than hidden units")
    s = math.ceil(h / d)
    sizes = [s] * (h // s) + ([h % s] if h % s else [])
    sizes += [0] * (d - len(sizes))
    return list(zip(tf.split(w1, sizes, axis=1), tf.split(b1, sizes), tf.split(w2, sizes, axis=0)))
