# INTENT: forgets the per-variable padding, dividing gradient and moment bytes by N exactly (2410/4 elements per slice): the output bias of 10 does not divide by 4. (public check: caught)
predicted_bytes = 2410 * 4 + 3 * 2410 * 4 // 4
