#!/usr/bin/env bash
# The independent checkers the tests compare minicrash with, each in its own
# virtual environment outside the source tree (never vendored; they pin
# different pandas):
#   ansys-dyna-core (PyDYNA): writes LS-DYNA keyword decks (tests/checkers/pydyna_*).
#   lasso-python: reads LS-DYNA d3plot files (tests/checkers/lasso_d3plot.py).
# Each installs from a list of exact versions (scripts/checkers/*.txt) with
# --no-deps: the modules the tests import and nothing else, so a fresh
# machine downloads 77 MB of wheels instead of 161 MB, and a new release
# upstream cannot change what the tests run with.
# Idempotent: a second run only checks. scripts/setup.sh calls it.
#   MINICRASH_CHECKERS_VENV=/path MINICRASH_LASSO_VENV=/path scripts/checkers-venv.sh
set -euo pipefail
lists=$(cd "$(dirname "$0")" && pwd)/checkers
log() { printf '[setup] %s\n' "$*"; }
# ensure_venv DIR MODULE LIST: DIR holds LIST's packages once MODULE imports.
ensure_venv() {
  local venv=$1 module=$2 list=$lists/$3
  if "$venv/bin/python" -c "import $module" 2>/dev/null; then
    log "checker $module present in $venv"
    return
  fi
  log "installing the checker $module (${list#"$lists"/}) into $venv"
  local start=$SECONDS
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check --no-deps --only-binary=:all: -r "$list"
  "$venv/bin/python" -c "import $module"
  log "checker $module installed in $((SECONDS - start)) s"
}
ensure_venv "${MINICRASH_CHECKERS_VENV:-$HOME/.cache/minicrash/checkers-venv}" ansys.dyna.core pydyna.txt
ensure_venv "${MINICRASH_LASSO_VENV:-$HOME/.cache/minicrash/lasso-venv}" lasso.dyna lasso.txt
