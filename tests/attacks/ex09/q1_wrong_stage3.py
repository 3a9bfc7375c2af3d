# INTENT: stage-3 bytes: treats stage 2 as also sharding the weights, so everything is a padded slice. (public check: caught)
predicted_bytes = 4 * 603 * 4
