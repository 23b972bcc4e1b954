package llvm

import (
	"errors"
	"os"
	"testing"
)

// needTools skips the test (or fails it under CI=true) when an LLVM 19
// tool is missing.
func needTools(t *testing.T, tools ...Tool) {
	t.Helper()
	for _, tl := range tools {
		if _, err := tl.Path(); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%v", err)
			}
			t.Skipf("%v", err)
		}
	}
}

var errSkip = errors.New("skip")
