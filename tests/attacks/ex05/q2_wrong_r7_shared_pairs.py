# INTENT: builds each pass once as a list ["F", i] and puts the SAME pair objects in every stage: editing one stage's pass edits all stages'.
def one_f_one_b(p, m):
    F = [["F", i] for i in range(m)]
    B = [["B", i] for i in range(m)]
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = F[:warm]
        f, b = warm, 0
        while f < m:
            order.append(F[f]); f += 1
            order.append(B[b]); b += 1
        order += B[b:]
        orders.append(order)
    return orders
