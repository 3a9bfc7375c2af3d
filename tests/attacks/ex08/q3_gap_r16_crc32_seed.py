# INTENT: wrong: shuffle seed = crc32 of "seed,epoch": a 32-bit hash (reduced again mod 2**31-1 by TensorFlow) maps some different (seed, epoch) pairs, even of one seed, to the same order.
# RULED gap (issue 38, round 16): a 32-bit hash's collisions (reduced modulo 2**31 - 1) are pairs of its own; no cheap case finds them for every hash
import zlib

def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Batches of global_batch_size, shuffled by (seed, epoch), every batch full."""
    shuffle_seed = zlib.crc32(f"{int(seed)},{int(epoch)}".encode())
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=shuffle_seed, reshuffle_each_iteration=False)
    ds = ds.batch(global_batch_size, drop_remainder=True)
    return ds.prefetch(tf.data.AUTOTUNE)
