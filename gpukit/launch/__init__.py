"""Running training beyond one notebook: the machinery behind lesson 02's cluster and the recipes
engineers copy.

- ``supervisor``: start N Python processes, stream their output, enforce timeouts, inject
  faults, and never leave a process behind (``gpukit.cluster.run`` and the launcher use it);
- ``processes``: process control (kill a child and its group, is a pid alive, die with the parent,
  a child's environment) and ``ChildProbe``, a measurement in a fresh interpreter;
- ``probe``: the memory probes' programs (``python -m gpukit.launch.probe``, lesson 04);
- ``forkserver``: start those processes by forking one that imported TensorFlow once (CPU machines);
- ``cli``: ``python -m gpukit launch`` -- an unmodified training script as a local cluster,
  ``--dry-run`` for real machines, ``--slurm`` for a SLURM job;
- ``slurm``: TF_CONFIG from a SLURM job step;
- ``ray_train``: lesson 02's worker programs, or a script (``launch --ray``), inside Ray Train's workers.

The technique (TF_CONFIG, the worker programs) lives in ``gpukit.cluster``; this package
only starts, watches and stops processes.
"""
