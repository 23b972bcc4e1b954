package emit

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse feeds arbitrary bytes to Parse: it must return a Bundle or a
// *FormatError, never panic, and every blob of a Bundle it accepts must be
// readable.
// The seed corpus in testdata/fuzz/FuzzParse holds a valid bundle and damaged
// ones; `go test -run TestFuzzSeeds -update-seeds` rewrites it.
func FuzzParse(f *testing.F) {
	f.Add(encodeSample(f))
	f.Add(minimalBundle(f))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse(data)
		if err != nil {
			if _, ok := err.(*FormatError); !ok {
				t.Fatalf("error %T is not a *FormatError: %v", err, err)
			}
			return
		}
		defer b.Close()
		for _, bl := range b.Manifest.Blobs {
			if _, ok := b.Blob(bl.Name); !ok {
				t.Fatalf("blob %q of the manifest is missing", bl.Name)
			}
		}
	})
}

var updateSeeds = flag.Bool("update-seeds", false, "rewrite the fuzz seed corpus in testdata/fuzz/FuzzParse")

// TestFuzzSeeds checks that the committed seed corpus exists and, with
// -update-seeds, writes it: the sample bundle, and copies truncated,
// flipped and with a broken manifest.
func TestFuzzSeeds(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzParse")
	good := encodeSample(t)
	seeds := map[string][]byte{
		"valid":     good,
		"minimal":   minimalBundle(t),
		"truncated": good[:len(good)-1],
		"header":    good[:HeaderSize],
		"flipped":   append(append([]byte{}, good[:4100]...), append([]byte{good[4100] ^ 1}, good[4101:]...)...),
		"badjson":   withManifest(good, []byte(`{"format": 1, "blobs": [{"name": "x", "offset": 4096, "size": 99999999}]}`)),
	}
	if *updateSeeds {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range seeds {
			text := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for name := range seeds {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("seed %s: %v (run with -update-seeds)", name, err)
		}
	}
}

// minimalBundle encodes the smallest useful bundle: a host program and one
// entry point, a few kilobytes, which fuzzing mutates quickly.
func minimalBundle(t testing.TB) []byte {
	t.Helper()
	m := &Manifest{
		Target:  Target{Name: "wasm"},
		Entries: []Entry{{Name: "main", Export: "zml_entry_main", Outputs: []Value{{DType: "f32"}}}},
		Host:    "host.wasm",
	}
	var buf bytes.Buffer
	if err := Encode(&buf, m, []BlobData{{Name: "host.wasm", Kind: BlobHost, Data: []byte("\x00asm\x01\x00\x00\x00")}}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
