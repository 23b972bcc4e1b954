#!/usr/bin/env bash
# scripts/check_hlo_text.sh: XLA's own HLO parser reads zmlc's HLO text, and
# the text and the HloModuleProto describe the same module. Not part of CI
# (it installs jaxlib, ~85 MB, into a virtual environment in the cache).
#
# It dumps the xla-cpu target's HLO of every op-corpus function and both
# MNIST models (scripts/hlodump), then, with jaxlib's bindings of XLA
# (jaxlib._hlo: hlo_module_from_text, the HLO parser;
# HloModule.from_serialized_hlo_module_proto), parses each text, loads each
# proto, and compares the two modules as XLA prints them. It prints one
# line per mismatch or parse error and a summary; exit status 1 if any.
set -euo pipefail
cd "$(dirname "$0")/.."

cache="${XDG_CACHE_HOME:-$HOME/.cache}/zmlc"
venv="$cache/jaxlib-venv"
wheel=jaxlib-0.10.2-cp311-cp311-manylinux_2_27_x86_64.whl
wheel_sha256=1faca3c5d4662cb4a6130a68105d68bb520764817e165d6eebfd6786c0d1f30f
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import jaxlib._hlo' 2>/dev/null; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$tmp" jaxlib==0.10.2
	echo "$wheel_sha256  $tmp/$wheel" | sha256sum --check --quiet
	python3 -m venv "$venv"
	"$venv/bin/pip" install --quiet "$tmp/$wheel"
fi

dump=$(mktemp -d)
go run ./scripts/hlodump "$dump"
"$venv/bin/python" - "$dump" <<'PY'
import glob, os, sys
from jaxlib import _hlo
ok, bad = 0, 0
for text in sorted(glob.glob(os.path.join(sys.argv[1], "*.hlo"))):
    name = os.path.basename(text)[:-4]
    try:
        a = _hlo.hlo_module_from_text(open(text).read())
        b = _hlo.HloModule.from_serialized_hlo_module_proto(open(text[:-4] + ".pb", "rb").read())
    except Exception as e:
        print(f"{name}: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
        bad += 1
        continue
    if a.to_string() != b.to_string():
        print(f"{name}: the text and the proto differ")
        bad += 1
    else:
        ok += 1
print(f"{ok} modules: XLA parses the text, loads the proto, and they are the same module; {bad} not")
sys.exit(1 if bad else 0)
PY
rm -rf "$dump"
