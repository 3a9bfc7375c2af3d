# INTENT: strict inequality handled by int()+1: int(3/0.18 - 3) + 1 = 14 here, but the student's reasoning uses m+P (not m+P-1) in the denominator: 3/(m+4) -> int(12.67)+1 = 13.
predicted_micro_batches = int((P - 1) / TARGET_BUBBLE - P) + 1
