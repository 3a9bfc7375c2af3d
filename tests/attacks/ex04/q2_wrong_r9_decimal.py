# INTENT: counts as decimal.Decimal (exact arithmetic), not an int / numpy int / whole float
from decimal import Decimal
predicted_epoch = (Decimal(EPOCH_EXAMPLES) // Decimal(16), Decimal(EPOCH_EXAMPLES) // Decimal(16) // Decimal(4))
