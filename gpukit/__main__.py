"""Command line: ``python -m gpukit doctor``."""

from __future__ import annotations

import argparse
import sys


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpukit", description="gpukit command line")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("doctor", help="print the environment report (versions, devices, memory)")
    args = parser.parse_args(argv)
    if args.command == "doctor":
        from .doctor import main as doctor

        return doctor()
    return 2  # pragma: no cover - argparse rejects unknown commands first


if __name__ == "__main__":
    sys.exit(main())
