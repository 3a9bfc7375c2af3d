# INTENT: every stage warms up with the same p - 1 forwards (capped at m), so later stages keep up to p micro-batches alive instead of p - s. (public check: caught)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warmup = min(p - 1, m)
        order = [("F", i) for i in range(warmup)]
        b = 0
        for f in range(warmup, m):
            order += [("F", f), ("B", b)]
            b += 1
        order += [("B", i) for i in range(b, m)]
        orders.append(order)
    return orders
