# INTENT: right from scratch: min(p-s-1, m) warm-up forwards, alternate F/B, drain backwards.
def one_f_one_b(p, m):
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", i) for i in range(warm)]
        f, b = warm, 0
        while f < m:
            order.append(("F", f)); f += 1
            order.append(("B", b)); b += 1
        while b < m:
            order.append(("B", b)); b += 1
        orders.append(order)
    return orders
