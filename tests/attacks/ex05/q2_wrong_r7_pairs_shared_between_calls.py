# INTENT: module-level pass objects (lists ["F", i]) reused by every call: a caller that edits a pass edits the next call's schedule.
_PASSES = {}
def _p(kind, i):
    return _PASSES.setdefault((kind, i), [kind, i])
def one_f_one_b(p, m):
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [_p("F", i) for i in range(warm)]
        f, b = warm, 0
        while f < m:
            order.append(_p("F", f)); f += 1
            order.append(_p("B", b)); b += 1
        order += [_p("B", i) for i in range(b, m)]
        orders.append(order)
    return orders
