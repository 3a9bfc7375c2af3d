# INTENT: warm-up of p - s - 1 forwards not capped at m: when m < p it schedules forwards of micro-batches that do not exist (and too few backwards). (public check: passed)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warmup = p - s - 1
        order = [("F", i) for i in range(warmup)]
        b = 0
        for f in range(warmup, m):
            order += [("F", f), ("B", b)]
            b += 1
        order += [("B", i) for i in range(b, m)]
        orders.append(order)
    return orders
