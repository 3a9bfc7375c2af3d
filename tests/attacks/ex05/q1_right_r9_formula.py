import math
# idle share of one stage: (P - 1) / (m + P - 1) <= TARGET  <=>  m >= (P - 1) / TARGET - (P - 1)
predicted_micro_batches = next(m for m in range(1, 10_000) if (P - 1) / (m + P - 1) <= TARGET_BUBBLE)
