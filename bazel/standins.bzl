"""Local stand-ins for repositories that Bazel 4.2.3 would download.

Bazel 4's built-in WORKSPACE suffix declares rules_cc, rules_java and
remote_coverage_tools as http_archives on GitHub. @bazel_tools loads
`@rules_cc//cc:defs.bzl` and `@rules_java//java:defs.bzl`, and every test
rule names `@remote_coverage_tools//:lcov_merger`, so Bazel fetches them even
for a pure-Go build, which fails offline. These stand-ins forward the loaded
symbols to Bazel's native rules (which is all those rule sets did for Bazel
4) and make coverage merging an explicit error.
"""

load(":repositories.bzl", "standin_repository")

_RULES_CC_DEFS = """\
\"\"\"Stand-in for rules_cc: forwards to Bazel's native C++ rules.\"\"\"

def cc_binary(**kwargs):
    native.cc_binary(**kwargs)

def cc_import(**kwargs):
    native.cc_import(**kwargs)

def cc_library(**kwargs):
    native.cc_library(**kwargs)

def cc_proto_library(**kwargs):
    native.cc_proto_library(**kwargs)

def cc_test(**kwargs):
    native.cc_test(**kwargs)

def cc_toolchain(**kwargs):
    native.cc_toolchain(**kwargs)

def cc_toolchain_suite(**kwargs):
    native.cc_toolchain_suite(**kwargs)

def objc_library(**kwargs):
    native.objc_library(**kwargs)
"""

_RULES_CC_BUILD = """\
package(default_visibility = ["//visibility:public"])

alias(
    name = "toolchain_type",
    actual = "@bazel_tools//tools/cpp:toolchain_type",
)
"""

_RULES_JAVA_DEFS = """\
\"\"\"Stand-in for rules_java: forwards to Bazel's native Java rules.\"\"\"

def java_binary(**kwargs):
    native.java_binary(**kwargs)

def java_import(**kwargs):
    native.java_import(**kwargs)

def java_library(**kwargs):
    native.java_library(**kwargs)

def java_lite_proto_library(**kwargs):
    native.java_lite_proto_library(**kwargs)

def java_plugin(**kwargs):
    native.java_plugin(**kwargs)

def java_proto_library(**kwargs):
    native.java_proto_library(**kwargs)

def java_runtime(**kwargs):
    native.java_runtime(**kwargs)

def java_test(**kwargs):
    native.java_test(**kwargs)

def java_toolchain(**kwargs):
    native.java_toolchain(**kwargs)
"""

_COVERAGE_BUILD = """\
package(default_visibility = ["//visibility:public"])

sh_binary(
    name = "lcov_merger",
    srcs = ["no_coverage.sh"],
)

sh_binary(
    name = "coverage_report_generator",
    srcs = ["no_coverage.sh"],
)
"""

_NO_COVERAGE = """\
#!/bin/sh
echo "bazel coverage is not available offline (remote_coverage_tools is a stand-in)" >&2
exit 1
"""

def zmlc_standins():
    """Declares rules_cc, rules_java and remote_coverage_tools stand-ins."""
    standin_repository(
        name = "rules_cc",
        files = {
            "BUILD.bazel": "",
            "cc/BUILD.bazel": _RULES_CC_BUILD,
            "cc/defs.bzl": _RULES_CC_DEFS,
        },
    )
    standin_repository(
        name = "rules_java",
        files = {
            "BUILD.bazel": "",
            "java/BUILD.bazel": "",
            "java/defs.bzl": _RULES_JAVA_DEFS,
        },
    )
    standin_repository(
        name = "remote_coverage_tools",
        files = {
            "BUILD.bazel": _COVERAGE_BUILD,
            "no_coverage.sh": _NO_COVERAGE,
        },
    )
