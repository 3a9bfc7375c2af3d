# INTENT: memoizes the order by warm-up length inside the call: stages with the same warm-up (m < p, e.g. the first stages all have warm = m) get the SAME list object (the prompt: a sequence of its own per stage).
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    built = {}
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        if warm not in built:
            order = [("F", i) for i in range(warm)]
            for k in range(m - warm):
                order += [("F", warm + k), ("B", k)]
            order += [("B", i) for i in range(m - warm, m)]
            built[warm] = order
        orders.append(built[warm])
    return orders
