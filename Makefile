# Two commands: `make lab` (set up, open JupyterLab) and `make test` (set up, run every test).
# Each target creates .venv on first use, installing the exact versions of constraints.txt (the tested
# set) within the ranges pyproject.toml declares; installing again is a no-op until either file changes.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
EXTRAS ?= lab,dev,grading,ray
STAMP  := $(VENV)/.installed-$(EXTRAS)
JOBS   ?= 2
LAB_PORT ?= 8888

# TensorFlow 2.20 (the newest tensorflow-tpu build, what a Colab TPU runtime runs): a second venv with
# the pins of constraints-tf220.txt, running a fast subset: the step-core unit tests and lesson 06.
VENV220  := .venv-tf220
PY220    := $(VENV220)/bin/python
STAMP220 := $(VENV220)/.installed
TF220_TESTS ?= tests/test_training.py tests/test_accumulation.py tests/test_sharding.py tests/test_data.py \
	tests/test_devices.py tests/test_strategies.py tests/test_checks.py tests/test_models.py \
	tests/test_precision.py tests/test_tpu.py notebooks/06_tpu_and_mixed_precision.ipynb

.PHONY: lab test quick unit notebooks exercises bench doctor install clean test-tf220 install-tf220

install: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "gpukit needs Python >= 3.10, found " + sys.version.split()[0]'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[$(EXTRAS)]'
	@rm -f $(VENV)/.installed-*
	@touch $@

# JupyterLab at the repository root. Headless machines: open the printed URL yourself.
lab: $(STAMP)
	$(VENV)/bin/jupyter lab --ip=127.0.0.1 --port=$(LAB_PORT) --ServerApp.root_dir=$(CURDIR) \
		$(if $(DISPLAY),,--no-browser) $(if $(filter 0,$(shell id -u)),--allow-root,)

# Everything, as CI runs it: the set-up, then one pytest pass with 2 processes -- unit tests,
# solutions/ under nbval, every lesson and exercise Run All in JupyterLab in Chromium (the one run of
# notebooks/ and exercises/: tests/test_browser.py judges them as nbval would; needs Debian's
# chromium), grading -- then the TensorFlow 2.20 pass. Ends with the wall time of each stage.
test:
	@t0=$$(date +%s); $(MAKE) --no-print-directory install install-tf220 || exit $$?; t1=$$(date +%s); \
	$(PY) -m pytest -n $(JOBS) --dist loadfile; main=$$?; t2=$$(date +%s); \
	$(MAKE) test-tf220; tf220=$$?; t3=$$(date +%s); \
	printf '\nmake test, wall time per stage:\n  set-up (both venvs)    %5d s\n  main pass              %5d s  (exit %d)\n  TensorFlow 2.20 pass   %5d s  (exit %d)\n  total                  %5d s\n' \
	  $$((t1-t0)) $$((t2-t1)) $$main $$((t3-t2)) $$tf220 $$((t3-t0)); \
	test $$main -eq 0 && test $$tf220 -eq 0

# For editing (about 3 minutes on 2 cores): the unit tests without the browser, grading, Ray and the
# exercise generation. Not a substitute for `make test`.
QUICK_SKIP := test_browser test_exercise_grading test_grading test_sandbox test_ray_train test_exercises
quick: $(STAMP)
	$(PY) -m pytest -n $(JOBS) --dist loadfile tests $(foreach t,$(QUICK_SKIP),--ignore=tests/$(t).py)

install-tf220: $(STAMP220)

$(STAMP220): pyproject.toml constraints-tf220.txt
	@test -x $(PY220) || $(PYTHON) -m venv $(VENV220)
	$(PY220) -m pip install --quiet --upgrade pip
	$(PY220) -m pip install --quiet -c constraints-tf220.txt -e '.[dev]'
	@touch $@

# gpukit on TensorFlow 2.20: the subset above (measured: docs/decisions.md, lesson 06 entry).
test-tf220: $(STAMP220)
	$(PY220) -m pytest -n $(JOBS) --dist loadfile -p no:cacheprovider $(TF220_TESTS)

unit: $(STAMP)
	$(PY) -m pytest -n $(JOBS) --dist loadfile tests

# Every notebook under nbval alone (a kernel, no browser): quicker to read when a cell fails.
notebooks: $(STAMP)
	$(PY) -m pytest -n $(JOBS) --dist loadfile notebooks solutions exercises

# exercises/NN_name.ipynb + build/autograder/NN_name.zip from solutions/ (otter assign); fails if a
# solution does not pass its own tests. Commit exercises/; build/ is regenerated on demand.
exercises: $(STAMP)
	$(PY) -m gpukit exercises

# Speed lives here, not in tests: results go to bench-results/.
bench: $(STAMP)
	$(PY) -m gpukit.bench --out bench-results

doctor: $(STAMP)
	$(PY) -m gpukit doctor

clean:
	rm -rf $(VENV) $(VENV220) bench-results build *.egg-info
