"""Running training beyond one notebook: the machinery behind lesson 02's cluster and the recipes
engineers copy.

- ``supervisor``: start N Python processes, stream their output, enforce timeouts, inject
  faults, and never leave a process behind (``gpukit.cluster.run`` and the launcher use it);
- ``forkserver``: start those processes by forking one that imported TensorFlow once (CPU machines);
- ``cli``: ``python -m gpukit launch`` -- an unmodified training script as a local cluster,
  ``--dry-run`` for real machines, ``--slurm`` for a SLURM job;
- ``slurm``: TF_CONFIG from a SLURM job step;
- ``ray_train``: lesson 02's worker programs, or a script (``launch --ray``), inside Ray Train's workers.

The technique (TF_CONFIG, the worker programs) lives in ``gpukit.cluster``; this package
only starts, watches and stops processes.
"""
