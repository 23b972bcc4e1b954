#!/usr/bin/env bash
# scripts/setup_hfhub.sh: a Python virtual environment with huggingface_hub
# (pinned with sha256 in scripts/hfhub-requirements.txt), for the test that
# zmlc and huggingface_hub read each other's Hub cache
# (weights/source TestHubCacheSharedWithPython). Run by scripts/setup.sh;
# idempotent. It goes to ${XDG_CACHE_HOME:-~/.cache}/zmlc/hfhub-venv. A
# machine without python3 (or another Python than the pinned wheels') gets
# a warning, not a failure: the test then fails under CI=true, naming what
# is missing.
set -euo pipefail

cd "$(dirname "$0")/.."
venv="${XDG_CACHE_HOME:-$HOME/.cache}/zmlc/hfhub-venv"
stamp="$venv/.requirements"
if [[ -f "$stamp" ]] && cmp -s "$stamp" scripts/hfhub-requirements.txt; then
	exit 0
fi
if ! command -v python3 >/dev/null; then
	echo "setup_hfhub.sh: warning: no python3; the huggingface_hub cache test cannot run" >&2
	exit 0
fi
rm -rf "$venv"
if python3 -m venv "$venv" &&
	"$venv/bin/pip" install -q --disable-pip-version-check --require-hashes --only-binary :all: -r scripts/hfhub-requirements.txt; then
	cp scripts/hfhub-requirements.txt "$stamp"
else
	echo "setup_hfhub.sh: warning: could not install huggingface_hub into $venv; the huggingface_hub cache test cannot run" >&2
	rm -rf "$venv"
fi
