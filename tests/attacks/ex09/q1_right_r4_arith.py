# 2 Dense layers; each variable padded to a multiple of 4, then sliced (grads, m, v sharded; weights full)
predicted_bytes = 4 * ((64*32 + 32 + 32*10 + 10) + 3 * (64*32//4 + 32//4 + 32*10//4 + 12//4))
