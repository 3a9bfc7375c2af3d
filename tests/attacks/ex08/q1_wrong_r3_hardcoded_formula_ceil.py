# INTENT: formula with ceil of the per-replica batch over the limit (ignores the equal-split requirement)
import math
predicted = (N_EXAMPLES // GLOBAL_BATCH, math.ceil(GLOBAL_BATCH / NUM_REPLICAS / MAX_PER_REPLICA))
