"""Every command and path the README names stays true: each `make X` is a Makefile target, each
`python -m gpukit X --option` a subcommand that takes that option, each path and link exists, each
Debian package it tells you to install is one .ci/run installs, and the install line's extras are the
Makefile's. (Its Python blocks run in tests/test_docs.py; the lesson map in tests/test_colab.py and
tests/test_notebooks.py; the module list in tests/test_layout.py.)"""

import contextlib
import io
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
MAKEFILE = (ROOT / "Makefile").read_text()
# named in the README, not in the repository, each for its reason
NOT_FILES = {
    "train.py": "your training script",
    "you/gpukit": "your GitHub repository",
    "bench-results/": "written by make bench",
}


def spans(text: str) -> list[str]:
    """Inline code spans and the lines of shell blocks."""
    found = [" ".join(s.split()) for s in re.findall(r"`([^`]+)`", re.sub(r"```.*?```", "", text, flags=re.S))]
    for block in re.findall(r"```(?:bash|sh)\n(.*?)```", text, flags=re.S):
        found += [line.split("#")[0].strip() for line in block.splitlines() if line.split("#")[0].strip()]
    return found


def make_targets(text: str) -> set[str]:
    return {m.group(1) for span in spans(text) for m in re.finditer(r"\bmake ([a-z][\w-]*)", span)}


def gpukit_commands(text: str) -> list[tuple[str, list[str]]]:
    """``(subcommand, [--options])`` of each ``python -m gpukit ...`` the text names."""
    found = []
    for span in spans(text):
        m = re.search(r"python -m gpukit (\w[\w-]*)(.*)", span)
        if m:
            found.append((m.group(1), re.findall(r"(?<!\S)(--[a-z][\w-]*)", m.group(2))))
    return found


def paths(text: str) -> set[str]:
    """Link targets and single-word code spans that name a file or folder of the repository."""
    links = {m.split("#")[0] for m in re.findall(r"\]\(([^)\s]+)\)", text) if not m.startswith("http")}
    words = {s for s in spans(text) if " " not in s and not s.startswith(("http", "-", "git+"))
             and ("/" in s or re.search(r"\.(txt|toml|yml|md|py|ipynb)$", s))}
    return {p for p in links | words if p}


def _exists(path: str) -> bool:
    pattern = path.replace("NN", "[0-9][0-9]")
    return any(ROOT.glob(pattern.rstrip("/"))) if "*" in pattern or "[" in pattern else (ROOT / path).exists()


def _subcommand_help(name: str) -> str:
    from gpukit.__main__ import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()), \
            pytest.raises(SystemExit) as exit_:
        main([name, "--help"])
    assert exit_.value.code == 0, f"python -m gpukit {name} --help exits {exit_.value.code}"
    return out.getvalue()


def test_every_make_target_named_exists():
    named = make_targets(README)
    assert {"lab", "test", "quick"} <= named, named
    missing = sorted(t for t in named if not re.search(rf"^{re.escape(t)}:", MAKEFILE, re.M))
    assert not missing, f"README names make targets the Makefile does not have: {missing}"


def test_every_gpukit_command_and_option_named_exists():
    named = gpukit_commands(README)
    assert {"launch", "grade", "publish", "doctor"} <= {c for c, _ in named}, named
    for command, options in named:
        text = _subcommand_help(command)
        for option in options:
            assert re.search(rf"(?<![\w-]){re.escape(option)}\b", text), \
                f"README: `python -m gpukit {command} {option}`: {command} has no {option}"


def test_every_path_named_exists():
    named = paths(README)
    assert {"constraints.txt", "docs/cluster.md", "tests/test_browser.py", ".ci/run"} <= named, named
    missing = sorted(p for p in named if p not in NOT_FILES and not _exists(p))
    assert not missing, f"README names paths that do not exist: {missing}"


def test_install_line_and_system_packages_match_the_makefile_and_ci():
    extras = re.search(r"^EXTRAS\s*\?=\s*(\S+)", MAKEFILE, re.M).group(1)
    assert f"pip install -c constraints.txt -e '.[{extras}]'" in spans(README)
    assert README.count("pip install -c constraints.txt") == 1, "the install line is said once"
    ci = (ROOT / ".ci" / "run").read_text()
    packages = {p for span in spans(README) for m in re.finditer(r"apt-get install -y ([\w. -]+)", span)
                for p in m.group(1).split()}
    assert {"chromium", "bubblewrap"} <= packages
    assert all(p in ci for p in packages), f"README tells to install {packages}; .ci/run installs what it needs"


def test_the_newcomer_is_told_what_make_test_needs():
    assert "Python 3.13" in README and "(3, 13)" in MAKEFILE
    assert "Chromium" in README and "python -m gpukit publish" in README
    assert "make quick" in README


# --- the checks fail on what they are meant to catch ---------------------------------------------

def test_the_checks_catch_a_wrong_command_a_wrong_option_and_a_missing_path():
    text = "Run `make tset`, `python -m gpukit launch --wokers 2 x.py`, see `docs/nothing.md`.\n"
    assert "tset" in make_targets(text) and not re.search(r"^tset:", MAKEFILE, re.M)
    (command, options), = gpukit_commands(text)
    assert command == "launch" and options == ["--wokers"]
    assert "--wokers" not in _subcommand_help("launch")
    assert "--workers" in _subcommand_help("launch")
    assert "docs/nothing.md" in paths(text) and not _exists("docs/nothing.md")
    assert _exists("exercises/NN_*.ipynb")
