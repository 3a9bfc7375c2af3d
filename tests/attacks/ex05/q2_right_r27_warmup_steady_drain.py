# INTENT: right: stage s runs min(p-s-1, m) warm-up forwards, then one forward and one backward in turn, then drains its backwards; fresh lists every call.
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", i) for i in range(warm)]
        for k in range(m - warm):
            order.append(("F", warm + k))
            order.append(("B", k))
        order.extend(("B", k) for k in range(m - warm, m))
        orders.append(order)
    return orders
