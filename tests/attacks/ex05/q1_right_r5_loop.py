import math
predicted_micro_batches = math.ceil((P - 1) / TARGET_BUBBLE - (P - 1))
m_ = 1
while (P - 1) / (m_ + P - 1) > TARGET_BUBBLE:
    m_ += 1
predicted_micro_batches = m_
