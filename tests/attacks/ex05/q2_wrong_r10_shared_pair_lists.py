# INTENT: builds the ["F", i] / ["B", i] pairs once and puts the same list objects in every stage's order: the caller editing one stage's pair edits all stages (the prompt: a pair of its own for every pass if pairs are lists).
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    F = [["F", i] for i in range(m)]
    B = [["B", i] for i in range(m)]
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = F[:warm]
        for k in range(m - warm):
            order += [F[warm + k], B[k]]
        order += B[m - warm:]
        orders.append(order)
    return orders
