// Package xlatest tests the tpu, neuron and xla-cpu targets end to end:
// targets/hlo's output compiled and run by XLA's CPU PJRT plugin through
// runtime/pjrt, against the reference interpreter. It holds tests only;
// they are a package of their own so that they run beside package
// compile's, each under its own time limit.
package xlatest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/runtime/drivers"
	"github.com/zmlc/zmlc/runtime/pjrt"
)

// cpuPlugin is XLA's CPU PJRT plugin as scripts/setup.sh caches it.
const cpuPlugin = "pjrt_c_api_cpu_plugin.so"

// needPJRT returns XLA's CPU PJRT plugin (ZMLC_PJRT_PLUGIN, else the
// setup script's cache); without it the test fails under CI=true and is
// skipped otherwise.
func needPJRT(t testing.TB) string {
	t.Helper()
	p := os.Getenv(pjrt.EnvPlugin)
	if p == "" {
		p = filepath.Join(pjrt.CacheDir(), cpuPlugin)
	}
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("XLA's CPU PJRT plugin is missing (scripts/setup.sh downloads it): %v", err)
		}
		t.Skipf("XLA's CPU PJRT plugin is missing (scripts/setup.sh downloads it): %v", err)
	}
	return p
}

// pjrtOpen is compile.OpenOptions running a bundle on XLA's CPU plugin, compiling
// program ("mlir" or "hlo").
func pjrtOpen(t testing.TB, program string) compile.OpenOptions {
	return compile.OpenOptions{Drivers: drivers.Options{PJRT: pjrt.Options{Plugin: needPJRT(t), Program: program}}}
}

// pjrtPlatform returns the platform name ("cpu", "cuda", ...) of the
// plugin at path, from a client the driver creates.
func pjrtPlatform(t testing.TB, path string) string {
	t.Helper()
	bundle, err := compile.Compile("add.mlir", []byte(addModule), compile.Options{Target: "xla-cpu"})
	if err != nil {
		t.Fatal(err)
	}
	d := pjrt.New("xla-cpu", pjrt.Options{Plugin: path})
	rt, err := compile.OpenWith(bundle, compile.OpenOptions{Driver: d})
	if err != nil {
		t.Fatal(err)
	}
	rt.Close()
	return d.Platform
}
