# INTENT: right numbers, but the cell seeds Python's global random module (session state changed)
import random
random.seed(SEED)
predicted = (195, 4)
