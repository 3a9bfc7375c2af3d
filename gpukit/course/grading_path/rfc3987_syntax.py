"""A stand-in for ``rfc3987_syntax`` inside grading runs (``gpukit.course.grading`` puts this folder
first on ``PYTHONPATH`` for otter, its kernel and the workers they start; nowhere else).

jsonschema imports ``rfc3987_syntax`` only to check the ``iri`` and ``iri-reference`` formats, which
no notebook schema uses. Importing it builds about 35 Lark grammars: 0.8–1.4 s here, paid twice per
submission (otter's process and the kernel both import nbformat). Raising ``ImportError`` makes
jsonschema leave those two formats unchecked, exactly as when the package is not installed
(python-jsonschema/jsonschema#1428; docs/decisions.md, "Grading runs leave rfc3987_syntax out").
"""

raise ImportError("rfc3987_syntax is left out of gpukit's grading runs (gpukit/course/grading_path)")
