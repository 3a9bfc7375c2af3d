# INTENT: micro-batch indices as floats (computed with / from positions): ("F", 0.0) compares equal to ("F", 0) but the prompt says i is an int
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warmup = min(p - s - 1, m)
        order = [("F", float(i)) for i in range(warmup)]
        for k in range(m - warmup):
            order += [("F", (2 * (warmup + k)) / 2), ("B", k / 1)]
        order += [("B", float(k)) for k in range(m - warmup, m)]
        orders.append(order)
    return orders
