# INTENT: wrong: each stage's order is a collections.deque (popped by a runner), not the list or tuple the contract asks for
from collections import deque

def one_f_one_b(p, m):
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = deque(("F", i) for i in range(warm))
        for i in range(m - warm):
            order.append(("F", warm + i))
            order.append(("B", i))
        order.extend(("B", i) for i in range(m - warm, m))
        orders.append(order)
    return orders
