# INTENT: wrong: gives the count as the text "4" instead of a number, so the prompt's "set predicted_dropped to that number" is broken (a string never equals len(routed.dropped)).
predicted_dropped = "4"
