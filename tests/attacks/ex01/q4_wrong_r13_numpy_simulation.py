# INTENT: wrong: simulates the replicas in numpy (softmax regression on the digits, per-replica means vs the global mean) and returns that measured ratio: forbidden ("Do not return a value you measured, nor one simulated")
import numpy as np
def predicted_update_scale(num_replicas, per_replica_batch_size):
    n = num_replicas * per_replica_batch_size
    xs = np.resize(x_train, (n, x_train.shape[1])).astype(np.float64)
    ys = np.resize(y_train, n)
    w = np.zeros((xs.shape[1], 10))
    p = np.full((n, 10), 0.1)
    p[np.arange(n), ys] -= 1.0
    per_example = xs[:, :, None] * p[:, None, :]
    right = per_example.sum(0) / n
    wrong = sum(per_example[i * per_replica_batch_size:(i + 1) * per_replica_batch_size].mean(0)
                for i in range(num_replicas))
    return round(float((wrong * right).sum() / (right * right).sum()), 3)
