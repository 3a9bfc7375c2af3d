# INTENT: forgets the padding: 2410 params, weights whole + (grads + 2 moments)/4 as if 2410 divided by 4 (16870, 6 bytes short)
params = 64 * 32 + 32 + 32 * 10 + 10
predicted_bytes = int(params * 4 + params * 4 * 3 / 4)
