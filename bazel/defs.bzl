"""zmlc_go_test: go_test with the data every zmlc test may read.

Gazelle writes zmlc_go_test instead of go_test (the map_kind directive in
the root BUILD.bazel), so a new package's tests get this without hand edits:

  * //testdata:all — the shared test corpus (testdata/ops, golden, lit,
    passes), which tests reach as ../testdata or ../../testdata from their
    package folder, as under `go test`;
  * //:go.mod — tests that look for the module root walk up to it (under
    Bazel that is the runfiles tree).

Tests that read ../shared/data get its absolute path from
$ZMLC_SHARED_DATA, which scripts/setup_bazel.sh passes with --test_env in
.bazelrc.user only where ../shared/data exists.
"""

load("@io_bazel_rules_go//go:def.bzl", "go_test")

_COMMON_DATA = [
    "//:go.mod",
    "//testdata:all",
]

def zmlc_go_test(name, data = [], **kwargs):
    """A go_test whose data also holds the shared test corpus and go.mod.

    Args:
      name: the test's name.
      data: the test's own data files (gazelle writes testdata/** here).
      **kwargs: passed to go_test.
    """
    # "long" (900 s): the corpus tests of compile and targets/gpu run every
    # op on several targets and take minutes on the 2-core machines.
    kwargs.setdefault("timeout", "long")
    go_test(
        name = name,
        data = data + [d for d in _COMMON_DATA if d not in data],
        **kwargs
    )
