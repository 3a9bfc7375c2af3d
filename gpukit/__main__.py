"""Command line: ``python -m gpukit doctor | exercises | grade | launch | publish``."""

from __future__ import annotations

import argparse
import sys


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpukit", description="gpukit command line")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("doctor", help="print the environment report (versions, devices, memory)")
    ex = sub.add_parser("exercises", help="generate exercises/ and build/autograder/ from solutions/ (otter assign)")
    ex.add_argument("only", nargs="*", help="exercise numbers or stems (default: all)")
    gr = sub.add_parser("grade", help="grade a folder of submitted notebooks with the hidden tests")
    gr.add_argument("submissions", help="folder holding the submitted .ipynb files")
    gr.add_argument("--exercise", required=True, help="exercise number (01) or stem (01_mirrored_strategy)")
    gr.add_argument("--timeout", type=float, default=None, help="seconds per submission (default 300)")
    gr.add_argument("--out", default=None, help="CSV to write (default SUBMISSIONS/grades.csv)")
    gr.add_argument("--jobs", type=int, default=None, help="submissions graded at once (default: half the CPU cores, 1..4)")
    gr.add_argument("--no-progress", action="store_true", help="no progress bar")
    gr.add_argument("--force", action="store_true", help="overwrite the CSV if it exists (an earlier run's grades)")
    gr.add_argument("--memory", default=None, help="memory cap per submission, e.g. 2G (default 4G)")
    gr.add_argument("--max-processes", type=int, default=None,
                    help="processes + threads per submission (default 512)")
    gr.add_argument("--no-sandbox", action="store_true",
                    help="run learner code WITHOUT the bubblewrap sandbox, as your own user with your files "
                         "and network in reach (only for trusted submissions; see docs/grading.md)")
    pu = sub.add_parser("publish", help="point every Colab badge and install line at your fork (owner/name)")
    pu.add_argument("--repo", required=True, help="your GitHub repository, owner/name (public: Colab opens only those)")
    pu.add_argument("--branch", default="main", help="the branch the links open (default main)")
    pu.add_argument("--dry-run", action="store_true", help="list what would change, write nothing")
    la = sub.add_parser("launch", help="run an unmodified training script as a local TensorFlow cluster "
                                       "(one process per task, each with its own TF_CONFIG)")
    from .launch.cli import add_arguments as _launch_arguments

    _launch_arguments(la)
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["launch"]:
        from .launch.cli import separate_bare_ray

        argv = separate_bare_ray(argv)
    args, unknown = parser.parse_known_args(argv)
    if unknown and args.command == "launch":  # answered with launch's own usage, and the option meant
        import difflib

        options = [o for action in la._actions for o in action.option_strings]
        hints = [f"{u}: did you mean {close[0]}?" for u in unknown
                 for close in [difflib.get_close_matches(u.split("=")[0], options, n=1)] if close]
        la.error(f"unrecognized arguments: {' '.join(unknown)} (launch's options come before the script, the "
                 f"script's own after it{'; ' + '; '.join(hints) if hints else ''})")
    if unknown:
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command == "launch":
        from .launch.cli import main as launch

        return launch(args)
    if args.command == "publish":
        from .course.publish import main as publish

        return publish(args)
    if args.command == "doctor":
        from .course.doctor import main as doctor

        return doctor()
    from .course import grading

    import signal

    # Ctrl-C must stop grading even when this process was started with SIGINT ignored (a parent
    # script's `cmd &`, nohup, a test runner's worker): Python then installs no handler of its own
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        if args.command == "exercises":
            grading.generate(args.only)
            return 0
        timeout = grading.DEFAULT_TIMEOUT_S if args.timeout is None else args.timeout
        rows = grading.grade(args.submissions, args.exercise, timeout=timeout, out=args.out,
                             jobs=args.jobs, progress=not args.no_progress, sandbox=not args.no_sandbox,
                             memory=args.memory, max_processes=args.max_processes, force=args.force)
    except (ValueError, RuntimeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: every grading process was stopped; the CSV holds the rows done so far",
              file=sys.stderr)
        return 130
    out = args.out or f"{args.submissions.rstrip('/')}/grades.csv"
    print(grading.table(rows))
    if args.no_sandbox:
        print("graded WITHOUT a sandbox (--no-sandbox): learner code ran as your user", file=sys.stderr)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
