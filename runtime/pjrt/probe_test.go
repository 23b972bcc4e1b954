package pjrt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cpuPlugin returns XLA's CPU PJRT plugin as scripts/setup.sh caches it
// (or $ZMLC_PJRT_PLUGIN); without it the test fails under CI=true and is
// skipped otherwise.
func cpuPlugin(t *testing.T) string {
	t.Helper()
	p := os.Getenv(EnvPlugin)
	if p == "" {
		p = filepath.Join(CacheDir(), "pjrt_c_api_cpu_plugin.so")
	}
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("XLA's CPU PJRT plugin is missing (scripts/setup.sh downloads it): %v", err)
		}
		t.Skipf("XLA's CPU PJRT plugin is missing (scripts/setup.sh downloads it): %v", err)
	}
	return p
}

// TestProbeCPUPlugin loads XLA's CPU plugin, whose PJRT C API (0.115 for
// the pinned wheel) is newer than the header the driver's structs follow,
// so client creation goes through the struct-size negotiation of call;
// the client has the "cpu" platform and, with the plugin's
// cpu_device_count option, exactly that many devices.
func TestProbeCPUPlugin(t *testing.T) {
	path := cpuPlugin(t)
	major, minor, err := Version(path)
	if err != nil {
		t.Fatal(err)
	}
	if major != APIMajor || minor < APIMinorMin {
		t.Fatalf("PJRT C API %d.%d, want %d.%d or later", major, minor, APIMajor, APIMinorMin)
	}
	for _, n := range []int64{1, 3} {
		platform, devices, err := Probe(path, []Option{{Name: "cpu_device_count", Value: n}})
		if err != nil {
			t.Fatal(err)
		}
		if platform != "cpu" || int64(devices) != n {
			t.Errorf("cpu_device_count=%d: platform %q with %d devices, want \"cpu\" with %d", n, platform, devices, n)
		}
	}
	_, _, err = Probe(path, []Option{{Name: "cpu_device_count", Value: "many"}})
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "PJRT_Client_Create") {
		t.Errorf("a string for an int64 option: got %v, want one line from PJRT_Client_Create", err)
	}
}
