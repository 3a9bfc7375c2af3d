# INTENT: steady state alternates backward THEN forward after the warm-up; the last stage (no warm-up) waits for a backward whose forward it has not run: deadlock. (public check: caught)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warmup = min(p - s - 1, m)
        order = [("F", i) for i in range(warmup)]
        b = 0
        for f in range(warmup, m):
            order += [("B", b), ("F", f)]
            b += 1
        order += [("B", i) for i in range(b, m)]
        orders.append(order)
    return orders
