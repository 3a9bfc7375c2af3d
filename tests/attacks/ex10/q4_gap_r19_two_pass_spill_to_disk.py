# INTENT: wrong: the classic two-pass safe softmax: pass 1 takes each query's global max while writing every block's raw bytes to an anonymous temporary FILE, pass 2 reads the blocks back one at a time; so it keeps copies of all earlier blocks (on disk, invisible to tracemalloc and to a search of Python objects) and reads them after later blocks arrived, which the contract forbids.
import tempfile as _tempfile
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.full(q.shape[0], -np.inf)
    count = 0                                     # blocks written (sizes go into the file)
    with _tempfile.TemporaryFile() as spill:
        for k_block, v_block in kv_blocks:
            k64 = np.ascontiguousarray(k_block, dtype=np.float64)
            v64 = np.ascontiguousarray(v_block, dtype=np.float64)
            m = np.maximum(m, (q @ k64.T * scale).max(axis=1))
            spill.write(np.array([k64.shape[0], v64.shape[1]], dtype=np.int64).tobytes())
            spill.write(k64.tobytes()); spill.write(v64.tobytes())
            count += 1
            del k64, v64, k_block, v_block
        spill.seek(0)
        l = np.zeros(q.shape[0])
        o = None
        for _ in range(count):
            b, dv = (int(n) for n in np.frombuffer(spill.read(16), dtype=np.int64))
            k64 = np.frombuffer(spill.read(b * q.shape[1] * 8), dtype=np.float64).reshape(b, q.shape[1])
            v64 = np.frombuffer(spill.read(b * dv * 8), dtype=np.float64).reshape(b, dv)
            p = np.exp(q @ k64.T * scale - m[:, None])
            l += p.sum(axis=1)
            o = p @ v64 if o is None else o + p @ v64
            del k64, v64, p
    return o / l[:, None]
