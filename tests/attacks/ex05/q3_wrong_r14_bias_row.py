# INTENT: wrong: b1_k shaped (1, h/d) (a row that still broadcasts), not (h/d,)
import numpy as np

def split_pair(w1, b1, w2, d):
    w1, b1, w2 = np.array(w1), np.array(b1).reshape(1, -1), np.array(w2)
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"hidden width {h} is not divisible by d={d}")
    k = h // d
    return [(w1[:, j * k:(j + 1) * k], b1[:, j * k:(j + 1) * k], w2[j * k:(j + 1) * k]) for j in range(d)]
