# INTENT: a correct answer (round-4 blind attacker)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    sched = parallel.make_schedule("1f1b", p, m)
    return [[(op.kind, op.micro) for op in order] for order in sched.orders]
