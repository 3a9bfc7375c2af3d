from collections import deque

def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    result = []
    for s in range(p):
        forwards, backwards = deque(range(m)), deque(range(m))
        alive, order = 0, []
        limit = min(p - s, m)
        while forwards or backwards:
            # run a forward while fewer than `limit` micro-batches are alive, else the oldest backward
            if forwards and alive < limit:
                order.append(["F", forwards.popleft()])
                alive += 1
            else:
                order.append(["B", backwards.popleft()])
                alive -= 1
        result.append(order)
    return result
