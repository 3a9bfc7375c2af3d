# INTENT (outside: same numbers, other container/type): a list, not a tuple
predicted = [195, 4]
