# INTENT: correct, built by simulation: tick by tick, every free stage runs a ready backward if it has one, else a ready forward if fewer than p-s micro-batches are alive on it; the recorded orders are the schedule.
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    done = {}                       # (stage, kind, micro) -> tick it finished
    nf, nb = [0] * p, [0] * p       # next forward / backward micro-batch per stage
    orders = [[] for _ in range(p)]
    tick = 0
    while any(nb[s] < m for s in range(p)):
        ran = []
        for s in range(p):
            i = nb[s]
            if i < nf[s]:
                dep = (s + 1, "B", i) if s < p - 1 else (s, "F", i)
                if dep in done and done[dep] <= tick:
                    ran.append((s, "B", i))
                    continue
            i = nf[s]
            if i < m and nf[s] - nb[s] < p - s:
                if s == 0 or ((s - 1, "F", i) in done and done[(s - 1, "F", i)] <= tick):
                    ran.append((s, "F", i))
        for s, kind, i in ran:
            orders[s].append((kind, i))
            done[(s, kind, i)] = tick + 1
            if kind == "F":
                nf[s] += 1
            else:
                nb[s] += 1
        tick += 1
        if tick > 10 * (m + p) + 10:
            raise RuntimeError("schedule did not finish")
    return orders
