# INTENT: special-cases small m (m == 1: every stage F0, B0) with [order] * p: one list object shared by all stages.
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    if m == 1:
        return [[("F", 0), ("B", 0)]] * p
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", i) for i in range(warm)]
        for k in range(m - warm):
            order += [("F", warm + k), ("B", k)]
        order += [("B", i) for i in range(m - warm, m)]
        orders.append(order)
    return orders
