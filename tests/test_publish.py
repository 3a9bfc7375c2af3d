"""python -m gpukit publish: a fork points every badge and install line at itself (issue 27)."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from gpukit import REPO
from gpukit.course import colab, publish

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture
def fork(tmp_path):
    """A copy of the files a fork's links live in."""
    for path in publish.files(ROOT) + [ROOT / "docs" / "decisions.md"]:
        target = tmp_path / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True, timeout=60)   # a clone of the course
    return tmp_path


def _links(root, repo):
    return {p.relative_to(root).as_posix(): p.read_text().count(f"github.com/{repo}")
            for p in publish.files(root) if f"github.com/{repo}" in p.read_text()}


def test_publish_rewrites_every_badge_and_install_line_once(fork):
    before = _links(fork, REPO)
    assert len(before) >= 25                                    # lessons, solutions, exercises, README, docs
    dry = publish.publish("alice/course", root=fork, dry_run=True)
    assert _links(fork, REPO) == before                         # a dry run writes nothing
    changed = publish.publish("alice/course", root=fork)
    assert sorted(p for p, _ in changed) == sorted(p for p, _ in dry)
    assert _links(fork, REPO) == {}                             # nothing points at the old repository
    assert set(_links(fork, "alice/course")) == set(before)
    assert publish.current(fork) == ("alice/course", "main")
    for nb in sorted((fork / "notebooks").glob("*.ipynb")):      # each badge opens its own notebook
        assert colab.badge_url(f"notebooks/{nb.name}", repo="alice/course") in nb.read_text()
    assert publish.publish("alice/course", root=fork) == []     # idempotent
    assert f"github.com/{REPO}" in (fork / "docs" / "decisions.md").read_text()  # history stays


def test_a_branch_goes_into_badges_and_install_lines(fork):
    publish.publish("alice/course", "fall-2026", root=fork)
    text = (fork / "notebooks" / "01_mirrored_strategy.ipynb").read_text()
    assert "git+https://github.com/alice/course@fall-2026" in text
    assert "colab.research.google.com/github/alice/course/blob/fall-2026/notebooks/01_mirrored_strategy.ipynb" in text
    publish.publish("alice/course", root=fork)                  # back to main: no @ref left
    text = (fork / "notebooks" / "01_mirrored_strategy.ipynb").read_text()
    assert "@fall-2026" not in text and "blob/main/notebooks/01_" in text


@pytest.mark.parametrize("repo, branch, words", [("alice", "main", "owner/name"), ("a/b/c", "main", "owner/name"),
                                                 ("alice/course", "x..y", "branch name"),
                                                 ("alice/course", "a b", "branch name")])
def test_bad_input_is_refused_before_any_change(fork, repo, branch, words):
    before = _links(fork, REPO)
    with pytest.raises(ValueError, match=words):
        publish.publish(repo, branch, root=fork)
    assert _links(fork, REPO) == before


def test_the_command_line_dry_run_lists_and_writes_nothing():
    done = subprocess.run([sys.executable, "-m", "gpukit", "publish", "--repo", "alice/course", "--dry-run"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "would change notebooks/01_mirrored_strategy.ipynb" in done.stdout and "nothing written" in done.stdout
    assert publish.current(ROOT)[0] == REPO


def _cli(cwd, *args):
    return subprocess.run([sys.executable, "-m", "gpukit", "publish", "--repo", "alice/course", *args],
                          capture_output=True, text=True, timeout=60, cwd=cwd,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))


def test_the_command_line_rewrites_the_checkout_you_are_in_and_says_which(fork):
    """gpukit is imported from ROOT (PYTHONPATH), the user stands in a subfolder of their fork: the
    fork is rewritten and named, the checkout gpukit came from is not touched."""
    done = _cli(fork / "docs")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == f"rewrote the course checkout {fork.resolve()}", done.stdout
    assert publish.current(fork) == ("alice/course", "main")
    assert publish.current(ROOT)[0] == REPO


def test_anything_but_a_git_checkout_of_the_course_is_refused(fork, tmp_path_factory):
    plain = tmp_path_factory.mktemp("plain")                     # no git checkout at all
    shutil.copytree(fork / "notebooks", plain / "notebooks")
    done = _cli(plain)
    assert done.returncode == 2 and done.stdout == ""
    assert f"error: {plain.resolve()} is not inside a git checkout" in done.stderr, done.stderr
    other = tmp_path_factory.mktemp("other")                     # a git checkout of something else
    subprocess.run(["git", "init", "-q", str(other)], check=True, timeout=60)
    (other / "README.md").write_text("github.com/gpukit/gpukit\n")
    done = _cli(other)
    assert done.returncode == 2 and "is a git checkout, but not of the gpukit course" in done.stderr, done.stderr
    assert (other / "README.md").read_text() == "github.com/gpukit/gpukit\n"
    with pytest.raises(ValueError, match="not inside a git checkout"):
        publish.publish("alice/course", root=plain)
    doc = (ROOT / "docs" / "troubleshooting.md").read_text()       # each message has its entry
    assert "is not inside a git checkout: publish rewrites your clone of the course; cd into it (git clone " \
           "https://github.com/OWNER/NAME) and run publish there` (exit status 2)" in doc
    assert "is a git checkout, but not of the gpukit course (" in doc
    assert publish.publish("alice/course", root=fork / "notebooks", dry_run=True)  # a folder inside the fork: its top
