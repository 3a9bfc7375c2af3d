# INTENT: wrong: plain Adam, but the replicas' slice updates run on a module-level thread pool made when the cell runs; its worker threads start during the first call and are never shut down (threads leaked into the session, and the pool's state kept between calls, against "the step depends only on its arguments" and "leave the session as you found it").
import concurrent.futures

import numpy as np

_DEVICES = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="replica")


def _replica_update(args):
    g, mr, vr, wr, alpha = args
    mr = mr + (g - mr) * (1 - 0.9)
    vr = vr + (g * g - vr) * (1 - 0.999)
    return wr - alpha * mr / (np.sqrt(vr) + 1e-7), mr, vr


def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.zeros(len(weights[0]), np.float64)
    for g in grads:
        total = total + g
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    jobs = [(total[r * piece:(r + 1) * piece], m[r], v[r], weights[r][r * piece:(r + 1) * piece], alpha)
            for r in range(n)]
    out = list(_DEVICES.map(_replica_update, jobs))
    full = np.concatenate([w for w, _, _ in out])
    return ([full.copy() for _ in range(n)], [np.array(mr) for _, mr, _ in out],
            [np.array(vr) for _, _, vr in out])
