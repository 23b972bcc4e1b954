#!/usr/bin/env bash
# scripts/setup_bazel.sh: prepare the Bazel build of zmlc (README.md,
# "Bazel"). Called by scripts/setup.sh; idempotent and fast when done.
#
# It installs Debian's Bazel 4.2.3 (bazel-bootstrap, with the JDK it needs)
# and bazel-skylib 1.0.3 (/usr/share/bazel/tools/skylib, used by WORKSPACE),
# downloads rules_go v0.34.0 and gazelle v0.26.0 into the Go module cache
# through the Go module proxy (WORKSPACE copies them from there and applies
# bazel/patches/ when Bazel first needs them), and writes .bazelrc.user with
# machine-specific settings: --test_env=ZMLC_SHARED_DATA=<absolute path>
# when ../shared/data exists next to the repository, and a disk cache in
# ${XDG_CACHE_HOME:-$HOME/.cache}/zmlc/bazel-disk shared by every clone on
# the machine (a fresh clone, such as CI's, then reuses the standard
# library and packages another clone built instead of compiling them again).
#
# Nothing comes from GitHub or bazel.build: the machines zmlc is built on
# reach only Debian's archive and the Go module proxy.
set -euo pipefail

cd "$(dirname "$0")/.."

source scripts/apt_missing.sh

packages=(bazel-bootstrap bazel-skylib)
install_missing setup_bazel.sh "${packages[@]}"

if ! command -v go >/dev/null; then
	export PATH="/usr/local/go/bin:$PATH"
fi

# The versions WORKSPACE asks for (go_module_repository rules).
for m in github.com/bazelbuild/rules_go@v0.34.0 github.com/bazelbuild/bazel-gazelle@v0.26.0; do
	if ! out="$(cd /tmp && go mod download -json "$m" 2>&1)"; then
		echo "setup_bazel.sh: go mod download $m failed:" >&2
		echo "$out" >&2
		exit 1
	fi
done

# Machine-specific Bazel settings (.bazelrc try-imports this file).
rc=".bazelrc.user"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/zmlc/bazel-disk"
mkdir -p "$cache"
want="build --disk_cache=$cache"
if [[ -d ../shared/data ]]; then
	want+=$'\n'"test --test_env=ZMLC_SHARED_DATA=$(cd ../shared/data && pwd)"
fi
have=""
if [[ -f "$rc" ]]; then
	have="$(grep -v '^#' "$rc" || true)"
fi
if [[ "$have" != "$want" ]]; then
	{
		echo "# Written by scripts/setup_bazel.sh for this machine; not committed."
		if [[ -n "$want" ]]; then
			echo "$want"
		fi
	} >"$rc"
fi
