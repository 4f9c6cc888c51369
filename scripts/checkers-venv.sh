#!/usr/bin/env bash
# The independent checkers the tests compare minicrash with, each in its own
# virtual environment outside the source tree (never vendored; their
# dependencies pin different pandas):
#   ansys-dyna-core (PyDYNA): writes LS-DYNA keyword decks (tests/checkers/pydyna_*).
#   lasso-python: reads LS-DYNA d3plot files (tests/checkers/lasso_d3plot.py).
# Idempotent: a second run only checks. scripts/setup.sh calls it.
#   MINICRASH_CHECKERS_VENV=/path MINICRASH_LASSO_VENV=/path scripts/checkers-venv.sh
set -euo pipefail
log() { printf '[setup] %s\n' "$*"; }
# ensure_venv DIR MODULE PACKAGE...: DIR holds PACKAGE... once MODULE imports.
ensure_venv() {
  local venv=$1 module=$2
  shift 2
  if "$venv/bin/python" -c "import $module" 2>/dev/null; then
    log "checker $module present in $venv"
    return
  fi
  log "installing the checker $* into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "$@"
  "$venv/bin/python" -c "import $module"
}
ensure_venv "${MINICRASH_CHECKERS_VENV:-$HOME/.cache/minicrash/checkers-venv}" ansys.dyna.core "ansys-dyna-core==0.12.1"
ensure_venv "${MINICRASH_LASSO_VENV:-$HOME/.cache/minicrash/lasso-venv}" lasso.dyna "lasso-python==2.0.4"
