# INTENT: warm-up p - s - 1 without capping at m: for m < p it runs forwards of micro-batches that do not exist
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warm = p - s - 1
        order = [("F", i) for i in range(warm)]
        for k in range(max(m - warm, 0)):
            order += [("F", warm + k), ("B", k)]
        order += [("B", k) for k in range(max(m - warm, 0), m)]
        orders.append(order)
    return orders
