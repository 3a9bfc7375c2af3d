"""``python -m gpukit launch``: run an unmodified training script as a local TensorFlow cluster.

    python -m gpukit launch --workers 2 train.py --epochs 3

starts ``python train.py --epochs 3`` once per task (as ``python -m gpukit.keras_multiworker train.py
--epochs 3``: Keras 3's multi-worker ``fit`` fixed, issue 37), each with its own ``TF_CONFIG`` (free ports
on 127.0.0.1, ``gpukit.cluster.local_cluster`` / ``tf_config``), prefixes their output with
``[worker i]`` and supervises them with ``gpukit.supervisor.run_commands``: when one task fails,
on ``--timeout`` and on Ctrl-C every task and whatever it started is killed (by process group),
and the exit code is the first failed task's (128 + N for signal N, 124 timeout, 130 Ctrl-C).
``--restarts R`` relaunches the whole cluster (new ports) up to R times; the script resumes
from its own checkpoint. ``--dry-run`` prints each task's ``export TF_CONFIG=...`` line
(``--hosts`` for real machines) and starts nothing. ``--slurm`` runs inside one ``srun`` task:
it builds this task's TF_CONFIG from the SLURM step (``gpukit.launch.slurm.slurm_tf_config``) and
replaces itself with the script (``exec``). ``--ray`` runs the script in Ray Train's workers
(``ray_train.run_script``) on a local Ray it starts and stops; ``--ray ADDRESS`` joins the running Ray
cluster there instead and leaves it running. Every argument is checked before any process starts.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import signal
import sys
import time

from . import tfconfig as cluster  # TF_CONFIG (gpukit.cluster re-exports it); launch never imports gpukit.cluster
from . import supervisor

DEFAULT_REMOTE_PORT = 23456  # --dry-run --hosts without --port-base
# --slurm's port_base: not SlurmClusterResolver's 8888, which is JupyterLab's default port (a learner's
# lab on a compute node would take it)
DEFAULT_SLURM_PORT = 24456


class LaunchError(ValueError):
    """Bad command-line input; the message names the cause and the fix."""


class _LocalRay:
    """``--ray`` without an address: start a local Ray (``args.ray`` is ``LOCAL_RAY``; None: no --ray)."""

    def __repr__(self):
        return "LOCAL_RAY"


LOCAL_RAY = _LocalRay()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-n", "--workers", type=int, metavar="N", default=None,
                        help="worker tasks (with --ps: the workers besides the chief and the parameter servers)")
    parser.add_argument("--ps", type=int, metavar="K", default=0,
                        help="parameter servers: adds a 'chief' task (the coordinator) and K 'ps' tasks")
    parser.add_argument("--restarts", type=int, metavar="R", default=0,
                        help="relaunch the whole cluster up to R times after a failure (default 0)")
    parser.add_argument("--timeout", type=float, metavar="S", default=None,
                        help="seconds for the whole run, restarts included; then every task is killed (exit 124)")
    parser.add_argument("--dry-run", action="store_true",
                        help="print each task's TF_CONFIG as export lines and start nothing")
    parser.add_argument("--hosts", metavar="H1,H2,...", default=None,
                        help="with --dry-run: comma-separated host names, one per task (a host repeated "
                             "gets the next port)")
    parser.add_argument("--port-base", type=int, metavar="P", default=None,
                        help="ports port_base, port_base+1, ... instead of free ones (checked free locally)")
    parser.add_argument("--slurm", action="store_true",
                        help="inside an srun task: TF_CONFIG from the SLURM step, then exec the script")
    parser.add_argument("--only", metavar="TASK", default=None,
                        help="print only this task's output, e.g. --only 0 (worker 0) or --only 'chief 0'; "
                             "every task still runs, and a failure's cause is still named")
    parser.add_argument("--ray", nargs="?", const=LOCAL_RAY, default=None, metavar="ADDRESS",
                        help="run the script in Ray Train's TensorflowTrainer workers instead of plain processes: "
                             "alone, on a local, loopback-only Ray that this command starts and stops; with "
                             "ADDRESS (HOST:PORT of a running Ray head, as `ray start --head` prints it, "
                             "or auto), on that cluster, which it joins and leaves running")
    parser.add_argument("--verbose", action="store_true",
                        help="show TensorFlow's C++ log (start-up lines, cuInit on a CPU) and every value of a "
                             "tensor printed in an error; hidden by default")
    parser.add_argument("script", help="the training script (python file), unmodified")
    parser.add_argument("script_args", nargs=argparse.REMAINDER, help="arguments passed to the script")


def _fail(message: str):
    raise LaunchError(message)


def check(args) -> None:
    """Every input problem, before any process starts (``LaunchError`` naming cause and fix)."""
    if not os.path.isfile(args.script):
        _fail(f"script {args.script!r} does not exist (looked in {os.getcwd()}); pass the path of a python file")
    if args.script.endswith(".ipynb"):
        _fail(f"{args.script} is a notebook, not a python script: export it first with "
              f"`jupyter nbconvert --to script {args.script}` and launch the .py it writes")
    if not args.script.endswith(".py"):
        _fail(f"{args.script} does not end in .py: pass the training script as a python file (e.g. train.py)")
    if args.slurm:
        for flag, bad in (("--ps", args.ps), ("--restarts", args.restarts),
                          ("--hosts", args.hosts and not args.dry_run), ("--timeout", args.timeout)):
            if bad:
                _fail(f"{flag} does not apply with --slurm: SLURM starts, times and restarts the tasks "
                      f"(srun --ntasks, #SBATCH --time, --requeue); drop {flag}")
        if args.workers is not None and args.workers < 1:
            _fail(f"--workers {args.workers}: need at least 1 (or leave it out: the SLURM step decides)")
        return
    if args.workers is None:
        _fail("--workers N is required (the number of worker tasks), e.g. --workers 2")
    if getattr(args, "ray", None) is not None:
        for flag, bad in (("--ps", args.ps), ("--dry-run", args.dry_run), ("--hosts", args.hosts),
                          ("--port-base", args.port_base is not None)):
            if bad:
                _fail(f"{flag} does not apply with --ray: Ray Train starts MultiWorkerMirrored workers and "
                      f"writes their TF_CONFIG; drop {flag}")
    if args.workers < 1:
        _fail(f"--workers {args.workers}: a cluster needs at least 1 worker")
    if getattr(args, "ray", None) not in (None, LOCAL_RAY):
        from . import ray_train  # imports no Ray

        try:
            _, host, port = ray_train.check_address(args.ray)
            ray_train.probe_address(args.ray, host, port)
        except ray_train.RayAddressError as e:
            _fail(str(e))
    if args.ps < 0:
        _fail(f"--ps {args.ps}: the number of parameter servers cannot be negative (0: MultiWorkerMirrored)")
    if args.restarts < 0:
        _fail(f"--restarts {args.restarts}: cannot be negative (0: no restart)")
    if args.timeout is not None and not (args.timeout > 0 and args.timeout != float("inf")):
        _fail(f"--timeout {args.timeout}: must be a positive number of seconds")
    if args.hosts is not None and not args.dry_run:
        _fail("--hosts is for --dry-run (printing TF_CONFIG for real machines); this launcher starts "
              "tasks on 127.0.0.1 only")
    n = n_tasks(args)
    if args.port_base is not None:
        hosts = host_list(args) if args.hosts else [cluster.HOST] * n
        top = args.port_base + max(hosts.count(h) for h in hosts) - 1
        if not 1 <= args.port_base or top > 65535:
            _fail(f"--port-base {args.port_base}: {n} tasks need ports {args.port_base}..{top}, outside 1..65535; "
                  f"pick a base between 1024 and {65536 - n}")
        if args.hosts is None and not args.dry_run:
            for port in range(args.port_base, top + 1):
                try:
                    cluster.check_port_free(cluster.HOST, port)
                except RuntimeError as e:
                    _fail(f"--port-base {args.port_base}: {e}".replace("pass ports=None", "leave out --port-base"))
    if args.hosts is not None:
        host_list(args)
    only_task(args)


def only_task(args) -> str | None:
    """``--only`` as a task name: a bare number is that worker ("0" -> "worker 0")."""
    only = getattr(args, "only", None)
    if only is None:
        return None
    name = " ".join(only.split())
    name = f"worker {name}" if name.isdigit() else name if " " in name else f"{name} 0"
    names = [task for task, _ in tasks(cluster.local_cluster(args.workers, args.ps, ports=range(1, n_tasks(args) + 1)))]
    if name not in names:
        _fail(f"--only {only!r}: no such task; the tasks are {', '.join(names)} (a number means that worker)")
    return name


def n_tasks(args) -> int:
    return args.workers + (1 + args.ps if args.ps else 0)


def host_names(args) -> list[str]:
    """``--hosts`` as a list, refused unless it holds host names only."""
    hosts = [h.strip() for h in args.hosts.split(",")]
    if any(not h or ":" in h or " " in h for h in hosts):
        _fail(f"--hosts {args.hosts!r}: give host names only, separated by commas (ports come from --port-base)")
    return hosts


def host_list(args) -> list[str]:
    hosts = host_names(args)
    n = n_tasks(args)
    if len(hosts) != n:
        _fail(f"--hosts has {len(hosts)} hosts for {n} tasks ({layout(args)}); give one host per task "
              f"(repeat a host to run several tasks on it)")
    return hosts


def layout(args) -> str:
    return f"{args.workers} workers" if not args.ps else f"1 chief, {args.ps} ps, {args.workers} workers"


def build_cluster(args) -> dict:
    """The ``cluster`` of TF_CONFIG: free ports on 127.0.0.1, ``--port-base`` ports, or ``--hosts``."""
    n = n_tasks(args)
    if args.hosts:
        hosts, seen, addresses = host_list(args), {}, []
        base = DEFAULT_REMOTE_PORT if args.port_base is None else args.port_base
        for h in hosts:
            addresses.append(f"{h}:{base + seen.get(h, 0)}")
            seen[h] = seen.get(h, 0) + 1
        spec = cluster.local_cluster(args.workers, args.ps, ports=range(1, n + 1))  # the layout, then the addresses
        it = iter(addresses)
        spec = {role: [next(it) for _ in spec[role]] for role in ("chief", "ps", "worker") if role in spec}
        cluster.validate_cluster(spec)
        return spec
    ports = None if args.port_base is None else list(range(args.port_base, args.port_base + n))
    return cluster.local_cluster(args.workers, args.ps, ports=ports)


def tasks(spec: dict) -> list[tuple[str, dict]]:
    """``(name, TF_CONFIG dict)`` for every task, chief first, then ps, then workers."""
    return [(f"{role} {i}", cluster.tf_config(spec, role, i))
            for role in ("chief", "ps", "worker") for i in range(len(spec.get(role, [])))]


def dry_run(args, out=None) -> int:
    out = out or sys.stdout
    command = shlex.join(["python", args.script, *args.script_args])
    for name, config in tasks(build_cluster(args)):
        role, index = config["task"]["type"], config["task"]["index"]
        address = config["cluster"][role][index]
        chief = " (chief)" if cluster.is_chief(config) else ""
        out.write(f"# {name}{chief}: on {address.rsplit(':', 1)[0]}\n"
                  f"export TF_CONFIG={shlex.quote(json.dumps(config))}\n{command}\n\n")
    return 0


def run_local(args, out=None, err=None) -> int:
    """Start the cluster (and restart it up to ``--restarts`` times); the exit code. The tasks'
    TMPDIR is a folder of this launch, removed when it returns: a task that crashes, is killed or
    times out never runs its atexit clean-up (TensorFlow's ``__autograph_generated_file*.py``)."""
    from .._scratch import remove, temporary_folder

    scratch = temporary_folder("gpukit-launch-")  # also removed by the next sweep if this process is killed
    try:
        return _run_local(args, out, err, scratch)
    finally:
        remove(scratch)


def _run_local(args, out, err, scratch) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    script = os.path.abspath(args.script)
    deadline = None if args.timeout is None else time.time() + args.timeout
    only = only_task(args)
    for attempt in range(args.restarts + 1):
        spec = build_cluster(args)  # fresh free ports for every attempt
        # the script runs as __main__ under gpukit.keras_multiworker: Keras 3's multi-worker fit fixed
        commands = [supervisor.Command(name, [sys.executable, "-m", "gpukit.keras_multiworker", script,
                                              *args.script_args],
                                     env={"TF_CONFIG": json.dumps(config), "TMPDIR": scratch},
                                     main=not args.ps or config["task"]["type"] == "chief")
                    for name, config in tasks(spec)]
        err.write(start_line(spec, args, attempt) + "\n")
        err.flush()
        remaining = None if deadline is None else max(deadline - time.time(), 0.01)
        result = supervisor.run_commands(commands, timeout=remaining, out=out,
                                         quiet=not getattr(args, "verbose", False),
                                         show=None if only is None else {only})
        if result.hidden:
            err.write(f"[gpukit] {result.hidden} lines of TensorFlow's log hidden (--verbose shows them)\n")
        if result.not_shown:
            err.write(f"[gpukit] {result.not_shown} lines of the other tasks not shown (--only {args.only})\n")
        if result.cut:
            err.write(f"[gpukit] {result.cut} unfinished last line(s) of the stopped tasks left out\n")
        if result.reason == "ok":
            err.write(f"[gpukit] all {len(commands)} tasks finished (attempt {attempt + 1})\n")
            return 0
        gone = result.teardown_seconds
        exited = (f"{result.failed} exited with code {result.code}" if result.returncode != 0 else
                  f"{result.failed} exited (code 0) before the chief finished, which a ps/worker task never "
                  f"does (it serves until the chief is done): exit code 1")
        what = {"failed": exited, "timeout": f"timeout after {args.timeout} s",
                "interrupted": f"interrupted ({_INTERRUPTED_BY or 'Ctrl-C'})"}[result.reason]
        err.write(f"[gpukit] {what}; stopped all {len(commands)} tasks and their children "
                  f"(every process gone {gone:.2f} s later)\n")
        if result.reason == "failed":
            err.write(f"[gpukit] cause: {cause(result)}\n")
        if result.reason != "failed" or attempt == args.restarts:
            if result.reason == "failed" and args.restarts:
                err.write(f"[gpukit] no restart left (--restarts {args.restarts})\n")
            return result.code
        err.write(f"[gpukit] restarting the cluster ({attempt + 1}/{args.restarts}); the script resumes "
                  f"from its own checkpoint\n")
    return 1  # pragma: no cover - the loop always returns


def start_line(spec: dict, args, attempt: int = 0) -> str:
    """What is starting, printed at once (TensorFlow takes seconds to import before a task prints)."""
    addresses = ", ".join(f"{name} :{config['cluster'][config['task']['type']][config['task']['index']].rsplit(':', 1)[1]}"
                          for name, config in tasks(spec))
    again = f" (attempt {attempt + 1}/{args.restarts + 1})" if attempt else ""
    command = shlex.join(["python", args.script, *args.script_args])
    return (f"[gpukit] starting {n_tasks(args)} tasks on {cluster.HOST}{again}: {addresses}; each runs {command}; "
            f"starting TensorFlow… (its first lines take a few seconds)")


def run_ray(args, err=None) -> int:
    """``--ray``: the script in ``--workers`` Ray Train workers (``ray_train.run_script``); Ray restarts
    the worker group up to ``--restarts`` times. A local Ray's session folder goes to a temporary folder
    of this run (RAY_TMPDIR), removed at the end; ``--ray ADDRESS`` joins that running cluster (its
    session folder is its own) and only disconnects at the end."""
    from .. import _scratch
    from . import ray_train

    err = err or sys.stderr
    address = None if args.ray is LOCAL_RAY else args.ray
    saved = os.environ.get("RAY_TMPDIR")
    folder = None
    if address is None:
        os.environ["RAY_TMPDIR"] = folder = _scratch.temporary_folder("gpukit-r-")
    try:
        result = ray_train.run_on_ray("gpukit.launch.ray_train:run_script", args.workers,
                                      kwargs={"script": os.path.abspath(args.script), "argv": list(args.script_args),
                                              "cwd": os.getcwd()},
                                      max_failures=args.restarts, timeout=args.timeout or 3600.0, stream=True,
                                      address=address, flag="--ray")
    except ray_train.RayAddressError as e:
        err.write(f"error: {e}\n")
        return 2
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM (_terminate): run_on_ray has stopped the workers
        kept = f"; the cluster at {address} keeps running" if address else " and the local Ray"
        err.write(f"[gpukit] interrupted ({_INTERRUPTED_BY or 'Ctrl-C'}); stopped the Ray Train workers{kept}\n")
        return 130
    except (cluster.ClusterError, RuntimeError) as e:
        err.write(f"[gpukit] Ray Train failed: {str(e)[:3000]}\n")
        return 1
    finally:
        if folder is not None:
            if saved is None:
                os.environ.pop("RAY_TMPDIR", None)
            else:
                os.environ["RAY_TMPDIR"] = saved
            import shutil

            shutil.rmtree(folder, ignore_errors=True)
    where = f"on the Ray cluster at {address}, left running" if address else "on a local Ray, stopped"
    err.write(f"[gpukit] all {args.workers} Ray Train workers finished ({result.attempts} attempt(s)) {where}\n")
    return 0


def separate_bare_ray(argv: list) -> list:
    """``--ray train.py``: argparse would take the script for ``--ray``'s ADDRESS; put ``--`` between
    them (the end of launch's options). Only up to the script: its own arguments are left alone."""
    argv = list(argv)
    for i, token in enumerate(argv):
        if token.endswith((".py", ".ipynb")):
            if i > 0 and argv[i - 1] == "--ray":
                argv.insert(i, "--")
            break
    return argv


def run_slurm(args, err=None) -> int:
    """Inside an srun task: this task's TF_CONFIG from the SLURM step, then exec the script."""
    from . import slurm

    port_base = DEFAULT_SLURM_PORT if args.port_base is None else args.port_base
    if args.dry_run and args.hosts and not all(os.environ.get(k) for k in slurm.REQUIRED):
        return slurm_preview(args, port_base, err)
    try:
        config = slurm.slurm_tf_config(port_base=port_base)
    except RuntimeError as e:
        raise LaunchError(f"--slurm: {e}") from None
    n = len(config["cluster"]["worker"])
    if args.workers is not None and args.workers != n:
        raise LaunchError(f"--workers {args.workers} but the SLURM step has {n} tasks; leave out --workers "
                          f"or start the step with srun --ntasks {args.workers}")
    if args.dry_run:
        (err or sys.stdout).write(f"export TF_CONFIG={shlex.quote(json.dumps(config))}\n")
        return 0
    env = dict(os.environ, TF_CONFIG=json.dumps(config))
    # as the local cluster runs it: under gpukit.keras_multiworker (Keras 3's multi-worker fit fixed)
    argv = [sys.executable, "-m", "gpukit.keras_multiworker", os.path.abspath(args.script), *args.script_args]
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(sys.executable, argv, env)  # this process becomes the task: SLURM sees its exit code
    return 0  # only reached when execve is replaced in a test


_INTERRUPTED_BY = None


def slurm_preview(args, port_base, out=None) -> int:
    """``--slurm --dry-run --hosts h1,h1,h2`` outside SLURM: the TF_CONFIG each task of such a step
    would get (one host per task, SLURM's block order), from the same resolver, fed the variables
    srun would set."""
    from . import slurm

    out = out or sys.stdout
    hosts = host_names(args)
    nodes = list(dict.fromkeys(hosts))
    if hosts != [n for n in nodes for _ in range(hosts.count(n))]:
        _fail(f"--hosts {args.hosts!r}: list each node's tasks together (SLURM's block order), e.g. a,a,b")
    if args.workers is not None and args.workers != len(hosts):
        _fail(f"--workers {args.workers} but --hosts names {len(hosts)} tasks; give one host per task")
    step = {"SLURM_STEP_NODELIST": ",".join(nodes),
            "SLURM_STEP_TASKS_PER_NODE": ",".join(str(hosts.count(n)) for n in nodes), "SLURM_STEP_NUM_TASKS": str(len(hosts)),
            "SLURM_NTASKS": str(len(hosts)), "SLURM_JOB_NODELIST": ",".join(nodes)}
    command = shlex.join(["python", args.script, *args.script_args])
    out.write(f"# preview: an srun step of {len(hosts)} tasks on {', '.join(nodes)} "
              f"(SLURM_STEP_TASKS_PER_NODE={step['SLURM_STEP_TASKS_PER_NODE']}); in the job, "
              f"`srun python -m gpukit launch --slurm {args.script}` sets each task's own TF_CONFIG from "
              f"the variables srun gives it; here they are fed to the same resolver\n\n")
    for rank, host in enumerate(hosts):
        config = slurm.slurm_tf_config(dict(step, SLURM_PROCID=str(rank), SLURMD_NODENAME=host), port_base=port_base)
        out.write(f"# task {rank} on {host}\nexport TF_CONFIG={shlex.quote(json.dumps(config))}\n{command}\n\n")
    return 0


def _terminate(signum, frame):  # SIGTERM (a job scheduler, `kill`): clean up like Ctrl-C
    global _INTERRUPTED_BY
    _INTERRUPTED_BY = "SIGTERM"
    raise KeyboardInterrupt


# Known failures: (words in the exception line, what it means and the fix), in one line.
KNOWN = [("Attempt to convert a value (PerReplica:",
          "Keras 3's model.fit under MultiWorkerMirroredStrategy fails with 2+ workers (keras-team/keras#20585). "
          "This launcher applies gpukit.keras_multiworker.fix() unless GPUKIT_KERAS_FIX=0 or your Keras is "
          "not a version it was verified on (a [gpukit] keras_multiworker line above says so); elsewhere call "
          "gpukit.keras_multiworker.fix() before fit; docs/troubleshooting.md")]


def signal_meaning(code: int) -> str:
    """What an exit code above 128 says: the signal, and its usual cause."""
    if code <= 128:
        return f"exit code {code}"
    try:
        name = signal.Signals(code - 128).name
    except ValueError:
        return f"exit code {code}"
    why = {"SIGKILL": "killed, most often by the kernel's out-of-memory killer (check `dmesg` or the job's "
                      "memory limit)",
           "SIGTERM": "stopped by a SIGTERM (a job scheduler's time limit, or `kill`)",
           "SIGSEGV": "crashed in native code (segmentation fault)",
           "SIGABRT": "aborted in native code (TensorFlow's C++ check failed: read the lines above)"}
    return f"exit code {code} = {name}: {why.get(name, 'ended by that signal')}"


def cause(result) -> str:
    """One line: the first exception any task printed (the root cause; the others' errors are
    usually knock-on ones), or, when none did, what the failed task's exit code means; for a
    known failure, the fix."""
    if not result.exceptions:
        return f"{result.failed}: {signal_meaning(result.code)}, no Python exception printed"
    task, line = next(iter(result.exceptions.items()))     # in the order they were printed
    known = next((fix for words, fix in KNOWN if words in line), None)
    return f"{task}: {line}" + (f" -- {known}" if known else "")


def main(args, out=None, err=None) -> int:
    global _INTERRUPTED_BY
    err = err or sys.stderr
    try:
        check(args)
        if args.slurm:
            return run_slurm(args, err=out)
        if args.dry_run:
            return dry_run(args, out)
        _INTERRUPTED_BY = None  # set by _terminate; one main() call, one answer
        previous = signal.signal(signal.SIGTERM, _terminate)
        try:
            if getattr(args, "ray", None) is not None:
                return run_ray(args, err)
            return run_local(args, out, err)
        finally:
            signal.signal(signal.SIGTERM, previous)
    except (LaunchError, ValueError) as e:
        err.write(f"error: {e}\n")
        return 2
