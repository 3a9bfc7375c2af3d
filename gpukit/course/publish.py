"""Publish a fork: point every Colab badge and install line at another GitHub repository.

``python -m gpukit publish --repo owner/name [--branch b] [--dry-run]`` rewrites, from the
repository ``gpukit.REPO`` names today:

* Colab badges, ``https://colab.research.google.com/github/OWNER/NAME/blob/BRANCH/...``;
* install lines, ``git+https://github.com/OWNER/NAME`` (``@BRANCH`` added unless it is ``main``);
* plain links, ``https://github.com/OWNER/NAME``;
* ``REPO``/``BRANCH`` in ``gpukit/__init__.py``, so the next run (and ``colab.badge``) starts there.

in notebooks/, solutions/, exercises/, README.md and docs/ (docs/decisions.md is history and stays)
of the git checkout you are in (the nearest folder above the current one holding ``.git``), never
the folder an installed gpukit was imported from; anything that is not a git checkout of the course
is refused before any change, and the folder rewritten is printed.
Running it twice changes nothing the second time. Colab opens public repositories only: publish
the exercises (and lessons) from a public fork, and keep solutions and hidden tests in a private one
(docs/grading.md).
"""

from __future__ import annotations

import os
import pathlib
import re
import sys

REPO_RE = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]{1,100}$")
BRANCH_RE = re.compile(r"^[A-Za-z0-9._/-]{1,200}$")
SKIP = {"docs/decisions.md"}


def files(root) -> list[pathlib.Path]:
    """The files a fork's links live in."""
    root = pathlib.Path(root)
    found = [root / "README.md", root / "gpukit" / "__init__.py"]
    for folder in ("notebooks", "solutions", "exercises"):
        found += sorted((root / folder).glob("*.ipynb"))
    found += [p for p in sorted((root / "docs").glob("*.md")) if p.relative_to(root).as_posix() not in SKIP]
    return [p for p in found if p.is_file()]


def checkout(start=None) -> pathlib.Path:
    """The top folder of the git checkout of the course that holds ``start`` (default: the current
    folder); ``ValueError`` naming the cause and the fix for anything else."""
    start = pathlib.Path(start or os.getcwd()).resolve()
    root = next((folder for folder in (start, *start.parents) if (folder / ".git").exists()), None)
    if root is None:
        raise ValueError(f"{start} is not inside a git checkout: publish rewrites your clone of the course; "
                         f"cd into it (git clone https://github.com/OWNER/NAME) and run publish there")
    init = root / "gpukit" / "__init__.py"
    is_course = (init.is_file() and re.search(r'^REPO = "[^"]+"', init.read_text(), re.M)
                 and any((root / "notebooks").glob("[0-9][0-9]_*.ipynb")))
    if not is_course:
        raise ValueError(f"{root} is a git checkout, but not of the gpukit course (it has no gpukit/__init__.py "
                         f"naming REPO and no notebooks/NN_*.ipynb); cd into your clone of the course and run "
                         f"publish there")
    return root


def current(root) -> tuple[str, str]:
    """``(REPO, BRANCH)`` as ``gpukit/__init__.py`` at ``root`` says."""
    text = (pathlib.Path(root) / "gpukit" / "__init__.py").read_text()
    repo = re.search(r'^REPO = "([^"]+)"', text, re.M).group(1)
    branch = re.search(r'^BRANCH = "([^"]+)"', text, re.M)
    return repo, branch.group(1) if branch else "main"


def rewrite(text: str, old: str, new: str, branch: str) -> tuple[str, int]:
    """``text`` with every link to repository ``old`` pointing at ``new`` on ``branch``."""
    o = re.escape(old)
    ref = "" if branch == "main" else f"@{branch}"
    rules = [
        (rf"https://colab\.research\.google\.com/github/{o}/blob/[A-Za-z0-9._/-]+?/(notebooks|solutions|exercises)/",
         lambda m: f"https://colab.research.google.com/github/{new}/blob/{branch}/{m.group(1)}/"),
        (rf"git\+https://github\.com/{o}(@[A-Za-z0-9._/-]+)?(?![A-Za-z0-9._-])", lambda m: f"git+https://github.com/{new}{ref}"),
        (rf"(?<!git\+)https://github\.com/{o}(?![A-Za-z0-9._-])", lambda m: f"https://github.com/{new}"),
        (rf'^REPO = "{o}"', lambda m: f'REPO = "{new}"'),
        (r'^BRANCH = "[^"]*"', lambda m: f'BRANCH = "{branch}"'),
    ]
    total = 0
    for pattern, replace in rules:
        text, n = re.subn(pattern, replace, text, flags=re.M)
        total += n
    return text, total


def publish(repo: str, branch: str = "main", *, root=None, dry_run: bool = False) -> list[tuple[str, int]]:
    """Point the course checkout at ``root`` (default: the one the current folder is in, see
    ``checkout``) at ``repo`` (``owner/name``) on ``branch``; returns ``[(file, links changed)]`` for
    the files that change. ``dry_run``: only list them."""
    if not isinstance(repo, str) or not REPO_RE.match(repo):
        raise ValueError(f"--repo {repo!r}: give the GitHub repository as owner/name, e.g. --repo alice/gpukit")
    if not isinstance(branch, str) or not BRANCH_RE.match(branch) or ".." in branch:
        raise ValueError(f"--branch {branch!r}: give a branch name such as main or fall-2026")
    root = checkout(root)
    old, old_branch = current(root)
    changed = []
    for path in files(root):
        text = path.read_text()
        new_text, count = rewrite(text, old, repo, branch)
        if new_text != text:
            changed.append((path.relative_to(root).as_posix(), count))
            if not dry_run:
                path.write_text(new_text)
    return changed


def main(args) -> int:
    try:
        root = checkout()
        changed = publish(args.repo, args.branch, root=root, dry_run=args.dry_run)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"{'would rewrite' if args.dry_run else 'rewrote'} the course checkout {root}")
    verb = "would change" if args.dry_run else "changed"
    for path, count in changed:
        print(f"{verb} {path}: {count} link(s)")
    print(f"{len(changed)} file(s) {verb}; the course now points at github.com/{args.repo} ({args.branch})"
          if not args.dry_run else f"{len(changed)} file(s) would change (dry run: nothing written)")
    return 0


__all__ = ["publish", "rewrite", "files", "current", "checkout"]
