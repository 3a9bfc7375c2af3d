# INTENT: passes as lists ["F", i] and lowercase-insensitive kinds? no: as lists, not pairs (tuples)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [["F", i] for i in range(warm)]
        for k in range(m - warm):
            order += [["F", warm + k], ["B", k]]
        order += [["B", k] for k in range(m - warm, m)]
        orders.append(order)
    return orders
