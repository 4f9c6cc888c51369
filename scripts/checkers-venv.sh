#!/usr/bin/env bash
# The independent checkers the tests compare minicrash with, in a virtual
# environment outside the source tree (never vendored):
#   ansys-dyna-core (PyDYNA): writes LS-DYNA keyword decks (tests/checkers/).
# Idempotent: a second run only checks. scripts/setup.sh calls it.
#   MINICRASH_CHECKERS_VENV=/path scripts/checkers-venv.sh
set -euo pipefail
VENV=${MINICRASH_CHECKERS_VENV:-$HOME/.cache/minicrash/checkers-venv}
PACKAGES=("ansys-dyna-core==0.12.1")
log() { printf '[setup] %s\n' "$*"; }
if "$VENV/bin/python" -c "import ansys.dyna.core" 2>/dev/null; then
  log "checkers present in $VENV"
  exit 0
fi
log "installing the checkers (${PACKAGES[*]}) into $VENV"
python3 -m venv "$VENV"
"$VENV/bin/pip" install -q --disable-pip-version-check "${PACKAGES[@]}"
"$VENV/bin/python" -c "import ansys.dyna.core"
