# (reclassified: the min/max guards make it a correct 1F1B for m < p too)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warmup = p - s - 1
        order = [("F", i) for i in range(min(warmup, m))]
        for i in range(max(m - warmup, 0)):
            order += [("F", warmup + i), ("B", i)]
        order += [("B", i) for i in range(max(m - warmup, 0), m)]
        orders.append(order)
    return orders
