#!/usr/bin/env bash
# scripts/gen_xlapb.sh: regenerate targets/hlo/xlapb/xla.pb.go from xla.proto
# with protoc (Debian protobuf-compiler) and protoc-gen-go at the version of
# google.golang.org/protobuf in go.mod (both installed by scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
PATH="$(go env GOPATH)/bin:$PATH"
protoc --proto_path=targets/hlo/xlapb --go_out=targets/hlo/xlapb --go_opt=paths=source_relative xla.proto
