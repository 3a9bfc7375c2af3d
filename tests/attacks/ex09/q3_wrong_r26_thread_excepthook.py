# INTENT: WRONG: correct step, one joined thread per replica, but it installs threading.excepthook (to re-raise a replica thread's error) and never puts the session's hook back.
import threading

_errors = []


def _keep_error(args):
    _errors.append(args.exc_value)


threading.excepthook = _keep_error      # a replica's failure must not vanish in its thread


def zero1_step(weights, grads, m, v, t, lr):
    """One ZeRO stage-1 Adam step for every replica: (weights, m, v) after the step."""
    n = len(weights)
    piece = len(weights[0]) // n
    total = np.sum([np.asarray(g, np.float64) for g in grads], axis=0)
    alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    slices, new_m, new_v = [None] * n, [None] * n, [None] * n

    def replica(r):
        own = slice(r * piece, (r + 1) * piece)
        g = total[own]
        new_m[r] = m[r] + (g - m[r]) * (1 - 0.9)
        new_v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
        slices[r] = weights[r][own] - alpha * new_m[r] / (np.sqrt(new_v[r]) + 1e-7)

    threads = [threading.Thread(target=replica, args=(r,)) for r in range(n)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    del _errors[:]
    full = np.concatenate(slices)
    return [full.copy() for _ in range(n)], new_m, new_v
