# INTENT: wrong: warm-up capped at 7 forwards ("8 GPUs per node"): on p >= 9 stages the step takes more ticks than GPipe's 2(m+p-1)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m, 7)
        order = [("F", k) for k in range(warm)]
        for k in range(m - warm):
            order += [("F", warm + k), ("B", k)]
        order += [("B", k) for k in range(m - warm, m)]
        orders.append(order)
    return orders
