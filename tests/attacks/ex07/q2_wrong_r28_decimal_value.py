# INTENT: wrong: the right digits as a decimal.Decimal instead of a Python float or int of milliseconds.
from decimal import Decimal
PREDICTED_ALLREDUCE_MS = Decimal("14.28")
