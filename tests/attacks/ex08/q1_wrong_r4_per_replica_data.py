# INTENT: updates computed from each replica's share of the data (50000/4 examples, 64 per replica step): same 195, but k from 24 per micro-batch over the global batch: ceil(256/24)=11 -> next divisor 16
predicted = (195, 16)
