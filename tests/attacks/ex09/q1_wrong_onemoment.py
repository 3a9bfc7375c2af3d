# INTENT: counts only one Adam moment per weight (forgets v) while padding correctly. (public check: caught)
predicted_bytes = 2410 * 4 + 2 * 603 * 4
