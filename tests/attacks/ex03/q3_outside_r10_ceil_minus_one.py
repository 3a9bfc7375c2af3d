# INTENT (outside): ceil(x) - 1 is one short only when the room is an exact multiple of an example; the question fixes its numbers, where it agrees
import math
predicted_max_batch = math.ceil((DEVICE_MIB * 2**20 * (1 - HEADROOM) - NUM_PARAMETERS * 16) / (ACTIVATIONS_PER_EXAMPLE * 4)) - 1
