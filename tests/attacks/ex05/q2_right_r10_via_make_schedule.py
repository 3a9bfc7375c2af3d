def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    schedule = parallel.make_schedule("1f1b", p, m)
    return [[(op.kind, op.micro) for op in order] for order in schedule.orders]
