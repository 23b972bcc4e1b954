"""Repository rules that let Bazel 4.2.3 build zmlc offline.

Only the Go module proxy and Debian's packages are reachable from the
machines zmlc is built on, so:

  * go_module_repository brings Bazel rule sets that are published as Go
    modules (rules_go, gazelle) in through `go mod download`, which uses
    GOPROXY and checks GOSUMDB, then applies the project's patches
    (bazel/patches/) with `patch -p1`.
  * standin_repository writes the small repositories (rules_cc, rules_java,
    remote_coverage_tools) that Bazel 4 would otherwise download from GitHub
    although a pure-Go build never uses what is in them.
"""

def _go_binary(ctx):
    go = ctx.which("go")
    if go == None:
        goroot = ctx.os.environ.get("GOROOT", "/usr/local/go")
        go = ctx.path(goroot + "/bin/go")
        if not go.exists:
            fail("go not found on PATH nor at %s (install Go 1.26, see README.md)" % go)
    return go

def _go_module_repository_impl(ctx):
    go = _go_binary(ctx)
    mod = "%s@%s" % (ctx.attr.module, ctx.attr.version)
    ctx.report_progress("go mod download " + mod)
    res = ctx.execute(
        [go, "mod", "download", "-json", mod],
        environment = {"GO111MODULE": "on", "GOFLAGS": "-mod=mod"},
        timeout = 600,
    )
    if res.return_code != 0:
        fail("go mod download %s failed:\n%s%s" % (mod, res.stdout, res.stderr))
    info = json.decode(res.stdout)
    if info.get("Error"):
        fail("go mod download %s: %s" % (mod, info["Error"]))
    if ctx.attr.sum and info["Sum"] != ctx.attr.sum:
        fail("go mod download %s: sum %s, want %s" % (mod, info["Sum"], ctx.attr.sum))

    # The module cache is read-only; copy it so that patches can apply.
    res = ctx.execute(["cp", "-R", info["Dir"] + "/.", "."])
    if res.return_code != 0:
        fail("copying %s: %s" % (info["Dir"], res.stderr))
    ctx.execute(["chmod", "-R", "u+w", "."])
    for patch in ctx.attr.patches:
        res = ctx.execute(["patch", "-p1", "--batch", "--forward", "-i", ctx.path(patch)])
        if res.return_code != 0:
            fail("applying %s to %s failed:\n%s%s" % (patch, mod, res.stdout, res.stderr))

go_module_repository = repository_rule(
    implementation = _go_module_repository_impl,
    doc = "A Bazel repository made from a Go module fetched through GOPROXY, with patches applied.",
    attrs = {
        "module": attr.string(mandatory = True, doc = "Go module path"),
        "version": attr.string(mandatory = True, doc = "Go module version"),
        "sum": attr.string(doc = "expected go.sum hash (h1:...) of the module zip"),
        "patches": attr.label_list(allow_files = True, doc = "patches applied with patch -p1, in order"),
    },
    environ = ["GOPROXY", "GOROOT", "PATH"],
)

def _standin_repository_impl(ctx):
    ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % ctx.name)
    for path, content in ctx.attr.files.items():
        ctx.file(path, content)

standin_repository = repository_rule(
    implementation = _standin_repository_impl,
    doc = "A local repository with the given files, standing in for one Bazel would download.",
    attrs = {
        "files": attr.string_dict(doc = "file path to content"),
    },
)
