# INTENT: memoises schedules per (p, m) and returns the same lists on every call: the caller's edits leak into later calls.
_memo = {}
def one_f_one_b(p, m):
    if (p, m) not in _memo:
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
        _memo[(p, m)] = orders
    return _memo[(p, m)]
