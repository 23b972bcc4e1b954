#!/usr/bin/env bash
# scripts/test.sh: the project's one test command. It runs scripts/setup.sh
# (installs what the tests need; fast when present), then `go test ./...`.
# Extra arguments go to `go test` (for example -run or -v).
set -euo pipefail

cd "$(dirname "$0")/.."
scripts/setup.sh
if ! command -v go >/dev/null; then
	export PATH="/usr/local/go/bin:$PATH"
fi
# -timeout 30m: the corpus packages (compile, targets/gpu) run for minutes on
# a loaded 2-core machine; go test's default limit is 10 minutes per package.
go test -timeout 30m "$@" ./...
