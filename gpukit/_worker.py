"""Entry point of one cluster process: ``python -m gpukit._worker SPEC`` (started by gpukit.cluster.run).

In order: die with the parent (PR_SET_PDEATHSIG), read the spec, call ``target(ctx, **kwargs)``,
write its return value (pickle) or its exception (JSON with the traceback), and leave with
``os._exit`` so no TensorFlow shutdown hook can hang the process. TF_CONFIG is already in the
environment: the parent put it there before this interpreter started.
"""

from __future__ import annotations

import ctypes
import importlib
import json
import os
import pickle
import signal
import sys
import time
import traceback

PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Ask the kernel to SIGKILL us when the parent dies; exit now if it is already gone."""
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except OSError:  # not Linux: the parent's finally/atexit still cleans up
        pass
    parent = os.environ.get("GPUKIT_PARENT_PID")
    if parent and os.getppid() != int(parent):  # the parent died before prctl ran
        os._exit(3)


def _resolve(target: dict):
    if "import" in target:
        module, _, name = target["import"].partition(":")
        obj = importlib.import_module(module)
        for part in name.split("."):
            obj = getattr(obj, part)
        return obj
    namespace = {"__name__": "__gpukit_worker__", **target.get("constants", {})}
    for alias, module in target.get("modules", {}).items():
        if module.split(".")[0] in ("tensorflow", "keras", "tf_keras"):
            import gpukit._tf  # noqa: F401  (TensorFlow without its start-up noise)
        namespace[alias] = importlib.import_module(module)
    exec(compile(target["source"], f"<{target['name']}>", "exec"), namespace)
    return namespace[target["name"]]


def _resolve_kwargs(kwargs: dict) -> dict:
    return {k: _resolve(v["__gpukit_function__"]) if isinstance(v, dict) and "__gpukit_function__" in v else v
            for k, v in kwargs.items()}


def main(spec_path: str) -> None:
    die_with_parent()
    with open(spec_path, "rb") as f:
        spec = pickle.load(f)
    from gpukit.cluster import WorkerContext

    ctx = WorkerContext(spec["type"], spec["index"], spec["name"], spec["tf_config"], spec["run_dir"],
                        spec["workdir"], spec["events"])
    code = 0
    try:
        target = _resolve(spec["target"])
        ctx.report("ready", pid=os.getpid())
        value = target(ctx, **_resolve_kwargs(spec["kwargs"]))
        with open(spec["result"] + ".tmp", "wb") as f:
            pickle.dump(value, f)
        os.replace(spec["result"] + ".tmp", spec["result"])
    except BaseException as e:  # noqa: BLE001 - everything must reach the parent
        code = 1
        tb = traceback.format_exc()
        message = str(e)[-4000:]
        with open(spec["error"] + ".tmp", "w") as f:
            json.dump({"type": type(e).__name__, "message": message, "traceback": tb,
                       "t": time.time()}, f)
        os.replace(spec["error"] + ".tmp", spec["error"])
        sys.stderr.write(tb)  # kept in the log file; the launcher streams a one-line summary
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    main(sys.argv[1])
