# INTENT: stage 3 bytes (weights sharded too): confuses stage 2 with FSDP
predicted_bytes = (512 + 8 + 80 + 3) * 16
