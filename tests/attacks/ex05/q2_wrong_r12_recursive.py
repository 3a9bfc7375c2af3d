# INTENT: builds the steady phase recursively (one frame per micro-batch): RecursionError for m far above the notebook's (~1000)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    def steady(f, b, left):
        if left == 0:
            return []
        return [("F", f), ("B", b)] + steady(f + 1, b + 1, left - 1)
    orders = []
    for s in range(p):
        w = min(p - s - 1, m)
        orders.append([("F", i) for i in range(w)] + steady(w, 0, m - w) + [("B", i) for i in range(m - w, m)])
    return orders
