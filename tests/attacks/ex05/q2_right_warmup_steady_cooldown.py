# INTENT: correct: stage s runs min(p-s-1, m) warm-up forwards, then alternates one forward and one backward, then drains the remaining backwards.
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warmup = min(p - s - 1, m)
        order = [("F", i) for i in range(warmup)]
        f, b = warmup, 0
        while f < m:
            order.append(("F", f))
            f += 1
            order.append(("B", b))
            b += 1
        order += [("B", i) for i in range(b, m)]
        orders.append(order)
    return orders
