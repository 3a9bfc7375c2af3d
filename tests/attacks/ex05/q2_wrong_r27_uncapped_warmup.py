# INTENT: wrong: warm-up of p-s-1 forwards not capped at m, so when m < p a stage runs forwards of micro-batches that do not exist (and negative backwards), breaking "each F 0..m-1 and B 0..m-1 exactly once".
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warm = p - s - 1
        order = [("F", i) for i in range(warm)]
        for k in range(m - warm):
            order += [("F", warm + k), ("B", k)]
        order += [("B", k) for k in range(m - warm, m)]
        orders.append(order)
    return orders
