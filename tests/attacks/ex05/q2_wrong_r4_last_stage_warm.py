# INTENT: warm-up p - s - 1 but at least 1 ("every stage warms up once"): the last stage keeps 2 alive instead of 1 when m >= 2
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warm = min(max(p - s - 1, 1), m)
        order = [("F", i) for i in range(warm)]
        f, b = warm, 0
        while f < m:
            order.append(("F", f)); f += 1
            order.append(("B", b)); b += 1
        order += [("B", i) for i in range(b, m)]
        orders.append(order)
    return orders
