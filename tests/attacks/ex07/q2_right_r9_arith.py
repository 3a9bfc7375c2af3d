_n, _bytes, _bw, _lat = 8, 50e6 * 4, 25e9, 20e-6
PREDICTED_ALLREDUCE_MS = 1e3 * (2 * (_n - 1) * (_lat + _bytes / _n / _bw))
