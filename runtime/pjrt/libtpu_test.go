package pjrt

import (
	"os"
	"strings"
	"testing"
)

// TestLibTPUNoTPU is run by scripts/check_libtpu.sh with ZMLC_LIBTPU
// naming libtpu.so (the libtpu wheel's, ~470 MB, so not in CI) and
// TPU_SKIP_MDS_QUERY=1 (no metadata-server lookup, no traffic off this
// machine; the script checks that under strace): the driver loads the
// plugin, reads its PJRT C API version, and on a machine without a TPU
// the client creation fails with one line, no crash.
func TestLibTPUNoTPU(t *testing.T) {
	path := os.Getenv("ZMLC_LIBTPU")
	if path == "" {
		t.Skip("ZMLC_LIBTPU names no libtpu.so: scripts/check_libtpu.sh runs this")
	}
	major, minor, err := Version(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("libtpu: PJRT C API %d.%d", major, minor)
	if major != APIMajor {
		t.Fatalf("libtpu has PJRT C API major %d, want %d", major, APIMajor)
	}
	a, err := open(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := a.newClient(nil)
	if err == nil {
		n, _ := c.platform()
		c.destroy()
		t.Skipf("this machine has a TPU (platform %q, %d devices)", n, len(c.devices))
	}
	msg := err.Error()
	t.Logf("client: %s", msg)
	if strings.Contains(msg, "\n") || !strings.Contains(strings.ToLower(msg), "tpu") {
		t.Errorf("the error is not one line about the TPU: %q", msg)
	}
}
