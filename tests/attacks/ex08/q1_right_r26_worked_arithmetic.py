# INTENT: right: the same numbers worked out by hand with literal parameter values (not the cell's variables), searched k over divisors of 64, Python ints in a tuple
_per_replica = 256 // 4                                     # 64 examples per replica per update
_k = min(k for k in range(1, _per_replica + 1) if _per_replica % k == 0 and _per_replica // k <= 24)
predicted = (divmod(50_000, 256)[0], _k)
del _per_replica, _k
