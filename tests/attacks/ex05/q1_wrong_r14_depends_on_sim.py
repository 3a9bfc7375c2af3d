# INTENT: wrong (forbidden route): simulates the schedule tick by tick with gpukit's depends_on rules instead of working it out
def _bubble(p, m):
    done, t, busy = {}, 0, 0
    orders = [[parallel.Op(s, "F", i) for i in range(m)] + [parallel.Op(s, "B", i) for i in range(m)] for s in range(p)]
    pos = [0] * p
    while any(pos[s] < len(orders[s]) for s in range(p)):
        ready = [s for s in range(p) if pos[s] < len(orders[s])
                 and all(d in done for d in parallel.depends_on(orders[s][pos[s]], p))]
        for s in ready:
            done[orders[s][pos[s]]] = t
            pos[s] += 1
        t += 1
    return 1 - 2 * m / t
predicted_micro_batches = next(m for m in range(1, 100) if _bubble(P, m) <= TARGET_BUBBLE + 1e-12)
