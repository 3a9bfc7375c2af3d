# INTENT: stages with the same order share one list (e.g. p=1 or stages whose warm-up is capped by m when m < p).
def one_f_one_b(p, m):
    by_warm = {}
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        if warm not in by_warm:
            order = [("F", i) for i in range(warm)]
            f, b = warm, 0
            while f < m:
                order.append(("F", f)); f += 1
                order.append(("B", b)); b += 1
            while b < m:
                order.append(("B", b)); b += 1
            by_warm[warm] = order
        orders.append(by_warm[warm])
    return orders
