# INTENT: reuses one list object for every stage with the same warm-up (when m < p several stages share it): the returned per-stage lists alias each other, so editing one stage edits others
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    cache = {}
    for s in range(p):
        warm = min(p - s - 1, m)
        if warm in cache:
            orders.append(cache[warm]); continue
        order = [("F", i) for i in range(warm)]
        f, b = warm, 0
        while f < m:
            order.append(("F", f)); f += 1
            order.append(("B", b)); b += 1
        order += [("B", i) for i in range(b, m)]
        cache[warm] = order
        orders.append(order)
    return orders
