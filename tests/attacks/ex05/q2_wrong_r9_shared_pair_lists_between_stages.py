# INTENT: builds each pass once as a list ["F", i] and puts the same pair objects in every stage's order: editing one stage's pair edits all stages
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    F = [["F", i] for i in range(m)]
    B = [["B", i] for i in range(m)]
    orders = []
    for s in range(p):
        warmup = min(p - s - 1, m)
        order = F[:warmup]
        for k in range(m - warmup):
            order += [F[warmup + k], B[k]]
        order += B[m - warmup:]
        orders.append(order)
    return orders
