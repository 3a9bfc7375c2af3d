# INTENT: warm-up p-s-1 not capped by m, forwards then padded: for m < p it lists forwards beyond m-1 then drops them, but backwards run in reverse micro-batch order in the drain.
def one_f_one_b(p, m):
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", i) for i in range(warm)]
        f, b = warm, 0
        while f < m:
            order.append(("F", f)); f += 1
            order.append(("B", b)); b += 1
        order += [("B", i) for i in reversed(range(b, m))]
        orders.append(order)
    return orders
