package frontend

import (
	"strings"
	"testing"
)

// FuzzFrontend compiles arbitrary text: it must return a module or a
// diagnostic, never panic, and never report an internal error (a lowering
// bug that the recovery in Compile turned into a diagnostic). The seed
// corpus is under testdata/fuzz/FuzzFrontend.
func FuzzFrontend(f *testing.F) {
	f.Add([]byte(blockSrc))
	for _, tc := range diagCases {
		f.Add([]byte(tc.src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<14 {
			return
		}
		m, err := Compile("f.zml", src, Options{Dims: map[string]int64{"b": 2, "n": 3}})
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("internal error on %q:\n%v", src, err)
			}
			return
		}
		if m == nil {
			t.Fatal("nil module without error")
		}
	})
}
