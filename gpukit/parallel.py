"""Model parallelism (lesson 05), in two modules read top to bottom: ``gpukit.pipeline`` (planning,
schedules, the executor, ``Pipeline``, the figures) and ``gpukit.tensor_parallel``
(``TensorParallelPair``, the Keras pitfall). This module only re-exports them, so
``from gpukit import parallel`` and ``parallel.make_schedule(...)`` keep working.
"""

from __future__ import annotations

from .pipeline import (SCHEDULES, INTERLEAVED, ALL_SCHEDULES, BYTES_PER_VALUE, dense_parameters, split_even,
                       check_stages, stage_parameter_bytes, theory_bubble, theory_bubble_interleaved,
                       bubble_over_ideal, CHUNK_LETTERS, Op, Slot, depends_on, Schedule, make_schedule,
                       bubble_of, Trace, execute, controlled_cost, StepResult, Pipeline, COLOURS, gantt,
                       explorer_state, explorer_figure, explorer)  # noqa: F401
from .tensor_parallel import TensorParallelPair, keras_model_parallel_placement  # noqa: F401
