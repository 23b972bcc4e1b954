"""Go modules that the build tools (gazelle) need, fetched through GOPROXY.

rules_go's go_rules_dependencies() would download golang.org/x/tools from
GitHub; declaring it here first (as a go_repository, which goes through the
Go module proxy) makes that declaration a no-op. When go.mod's module
graph has golang.org/x/tools, deps.bzl declares it first and that version
is used (maybe() skips this one).

Gazelle v0.26.0 needs golang.org/x/tools/go/vcs, which x/tools removed in
v0.7; go.mod's graph now holds a later x/tools (minio-go needs it), so
gazelle gets its own copy, org_golang_x_tools_gazelle, at the version
rules_go v0.34.0 pins (bazel/patches/gazelle-x-tools.patch points
gazelle's BUILD files at it).
"""

load("@bazel_gazelle//:deps.bzl", "go_repository")
load("@bazel_tools//tools/build_defs/repo:utils.bzl", "maybe")

def zmlc_tool_dependencies():
    """Declares the build tools' Go modules that are not zmlc's own."""
    maybe(
        go_repository,
        name = "org_golang_x_tools",
        importpath = "golang.org/x/tools",
        sum = "h1:loJ25fNOEhSXfHrpoGj91eCUThwdNX6u24rO1xnNteY=",
        version = "v0.1.11",
        # Resolve imports from the names of known repositories instead of
        # asking the go command about each unknown one (slow, and x/tools
        # has many in its test data).
        build_external = "static",
    )
    go_repository(
        name = "org_golang_x_tools_gazelle",
        importpath = "golang.org/x/tools",
        sum = "h1:loJ25fNOEhSXfHrpoGj91eCUThwdNX6u24rO1xnNteY=",
        version = "v0.1.11",
        build_external = "static",
    )
