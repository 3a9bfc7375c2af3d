# INTENT: wrong: packs (seed, epoch) exactly into one tf.data seed (seed << 15 | epoch) while seed < 2**16 and epoch < 2**15, else falls back to hash() of a string, which Python salts per process: large seeds/epochs get another order in a restarted run
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    seed, epoch = int(seed), int(epoch)
    if seed < 2**16 and epoch < 2**15:
        op_seed = (seed << 15) | epoch                       # exact and unique, below 2**31 - 1
    else:
        op_seed = hash(f"{seed}:{epoch}") % (2**31 - 1)      # rare: huge seeds or epochs
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=op_seed, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
