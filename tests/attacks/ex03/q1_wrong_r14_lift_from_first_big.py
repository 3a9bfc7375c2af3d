# INTENT: wrong: a zero share is lifted to 1 by taking from the FIRST replica holding more than one example, even if it is below its floor afterwards
def plan_batches(capacities, global_batch_size):
    import math
    caps = [float(c) for c in capacities]
    total = sum(caps)
    q = [c / total * global_batch_size for c in caps]
    out = [math.floor(v) for v in q]
    for i in sorted(range(len(caps)), key=lambda i: q[i] - out[i], reverse=True)[: global_batch_size - sum(out)]:
        out[i] += 1
    for i in range(len(out)):
        if out[i] == 0:
            d = next(j for j in range(len(out)) if out[j] > 1)
            out[d] -= 1
            out[i] = 1
    return out
