# INTENT: fewest micro-batches as ceil(64/24)=3, forgetting they must split the 64 evenly
import math
predicted = (N_EXAMPLES // GLOBAL_BATCH, math.ceil(GLOBAL_BATCH / NUM_REPLICAS / MAX_PER_REPLICA))
