def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warmup = min(p - s, m)
        order = [("F", i) for i in range(warmup)]
        f, b = warmup, 0
        while b < m:
            order.append(("B", b)); b += 1
            if f < m:
                order.append(("F", f)); f += 1
        orders.append(order)
    return orders
