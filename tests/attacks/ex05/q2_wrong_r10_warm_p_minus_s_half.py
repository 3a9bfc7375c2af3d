# INTENT: warm-up of (p - s) // 2 forwards (a student halving it "since F and B alternate"): few activations, but stages wait on each other and the step takes more ticks than GPipe for larger p.
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warm = min((p - s) // 2, m)
        order = [("F", i) for i in range(warm)]
        for k in range(m - warm):
            order += [("F", warm + k), ("B", k)]
        order += [("B", i) for i in range(m - warm, m)]
        orders.append(order)
    return orders
