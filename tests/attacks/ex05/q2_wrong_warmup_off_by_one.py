# INTENT: off-by-one warm-up of min(p - s, m) forwards before the first backward, so stage s keeps p - s + 1 micro-batches alive. (public check: caught)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warmup = min(p - s, m)
        order = [("F", i) for i in range(warmup)]
        b = 0
        for f in range(warmup, m):
            order += [("F", f), ("B", b)]
            b += 1
        order += [("B", i) for i in range(b, m)]
        orders.append(order)
    return orders
