# INTENT: exact arithmetic with decimal.Decimal: Decimal('14'), not an int / numpy int / whole float
from decimal import Decimal, ROUND_CEILING
_p = Decimal(P - 1)
predicted_micro_batches = (_p / Decimal(str(TARGET_BUBBLE)) - _p).to_integral_value(rounding=ROUND_CEILING)
