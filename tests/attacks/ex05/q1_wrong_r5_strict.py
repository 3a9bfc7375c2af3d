# INTENT: reads "at most" as strictly below the target, and the bubble as (p-1)/(m+p)
m_ = 1
while (P - 1) / (m_ + P) >= TARGET_BUBBLE:
    m_ += 1
predicted_micro_batches = m_
