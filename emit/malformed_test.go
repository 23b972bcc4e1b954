package emit

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMalformed checks that each kind of damage gives its exact error.
func TestMalformed(t *testing.T) {
	good := encodeSample(t)
	mOff := binary.LittleEndian.Uint64(good[offManifestOff:])
	size := len(good)
	m, _ := Parse(good)
	ptx := m.Manifest.Blobs[1]
	flip := func(i int) []byte {
		d := append([]byte{}, good...)
		d[i] ^= 0x40
		return d
	}
	setU64 := func(off int, v uint64) []byte {
		d := append([]byte{}, good...)
		binary.LittleEndian.PutUint64(d[off:], v)
		return d
	}
	blobField := func(i int, key string, v any) func(map[string]any) {
		return func(m map[string]any) { m["blobs"].([]any)[i].(map[string]any)[key] = v }
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "file is 0 bytes, shorter than the 64-byte header"},
		{"short", good[:63], "file is 63 bytes, shorter than the 64-byte header"},
		{"truncated", good[:size-1], fmt.Sprintf("truncated: file is %d bytes, but its manifest ends at %d", size-1, size)},
		{"truncated to the blobs", good[:mOff], fmt.Sprintf("truncated: file is %d bytes, but its manifest ends at %d", mOff, size)},
		{"trailing", append(append([]byte{}, good...), 0), fmt.Sprintf("1 unexpected bytes after the manifest, which ends at %d", size)},
		{"bad magic", flip(1), `bad magic "\x89\x1aPKG\r\n\x1a": not a zmlc bundle`},
		{"text", []byte(strings.Repeat("hello world\n", 10)), `bad magic "hello wo": not a zmlc bundle`},
		{"version", setU64(offVersion, 4), "format version 4 is not supported (this zmlc reads version 3)"},
		{"old version", setU64(offVersion, 2), "format version 2 is not supported (this zmlc reads version 3)"},
		{"reserved", flip(offReserved + 2), "reserved header bytes are not zero"},
		{"manifest offset unaligned", setU64(offManifestOff, mOff+1), fmt.Sprintf("manifest offset %d is not a multiple of 4096 after the header page", mOff+1)},
		{"manifest offset in header", setU64(offManifestOff, 0), "manifest offset 0 is not a multiple of 4096 after the header page"},
		{"manifest huge", setU64(offManifestLen, 1<<62), fmt.Sprintf("manifest size %d exceeds the limit of %d bytes", uint64(1<<62), MaxManifestSize)},
		{"header padding", flip(200), "header padding [164, 4096) is not zero"},
		{"signature block unsigned", flip(100), "signature block [68, 164) is not zero, but its scheme is 0 (unsigned)"},
		{"signature scheme", flip(offSigScheme + 1), "unknown signature scheme 16384 (this zmlc knows 0, unsigned, and 1, ed25519)"},
		{"signature key id", setU64(offSigScheme, 1), "signature block has scheme 1 (ed25519) but a zero key id"},
		{"manifest flipped", flip(int(mOff) + 10), "manifest sha256 is "},
		{"manifest checksum flipped", flip(offManifestSum), "manifest sha256 is "},
		{"blob flipped", flip(int(ptx.Offset) + 5), fmt.Sprintf(`blob "kernels.ptx": sha256 is `)},
		{"blob padding", flip(int(ptx.Offset + ptx.Size)), fmt.Sprintf(`padding [%d, %d) before blob "empty" is not zero`, ptx.Offset+ptx.Size, alignUp(ptx.Offset+ptx.Size))},
		{"bad JSON", withManifest(good, []byte(`{"format": 1,`)), "manifest: invalid JSON: unexpected EOF"},
		{"JSON not object", withManifest(good, []byte(`[1]`)), "manifest: invalid JSON: json: cannot unmarshal array into Go value of type emit.Manifest"},
		{"JSON trailing", withManifest(good, []byte(`{} {}`)), "manifest: invalid JSON: data after the manifest object"},
		{"JSON not UTF-8", withManifest(good, []byte("{\"zmlc_version\": \"\xff\"}")), "manifest: not valid UTF-8"},
		{"unknown field", editManifest(t, good, func(m map[string]any) { m["extra"] = 1 }), `manifest: invalid JSON: json: unknown field "extra"`},
		{"format field", editManifest(t, good, func(m map[string]any) { m["format"] = 7 }), "manifest format 7 differs from the header's version 3"},
		{"check of an unknown comparison", editManifest(t, good, func(m map[string]any) {
			m["entries"].([]any)[0].(map[string]any)["checks"] = []any{map[string]any{"op": "check.expect_eq", "compare": "roughly",
				"actual": map[string]any{"dtype": "f32", "shape": []any{2}}, "expected": map[string]any{"dtype": "f32", "shape": []any{2}}}}
		}), `manifest: entry "forward" check 0: unknown comparison "roughly"`},
		{"check of a non-check op", editManifest(t, good, func(m map[string]any) {
			m["entries"].([]any)[0].(map[string]any)["checks"] = []any{map[string]any{"op": "stablehlo.custom_call", "call_target": "foo", "compare": "eq",
				"actual": map[string]any{"dtype": "f32", "shape": []any{2}}, "expected": map[string]any{"dtype": "f32", "shape": []any{2}}}}
		}), `manifest: entry "forward" check 0: custom_call target "foo" is not a check`},
		{"check of a bad dtype", editManifest(t, good, func(m map[string]any) {
			m["entries"].([]any)[0].(map[string]any)["checks"] = []any{map[string]any{"op": "check.expect_eq", "compare": "eq",
				"actual": map[string]any{"dtype": "f33", "shape": []any{2}}, "expected": map[string]any{"dtype": "f32", "shape": []any{2}}}}
		}), `manifest: entry "forward" check 0 actual has unknown dtype "f33"`},
		{"negative prologue", editManifest(t, good, func(m map[string]any) { m["entries"].([]any)[0].(map[string]any)["prologue"] = -1 }), `manifest: entry "forward": prologue keeps -1 buffers (0 to 1048576 allowed)`},
		{"no zmlc version", editManifest(t, good, func(m map[string]any) { delete(m, "zmlc_version") }), "manifest has no zmlc_version"},
		{"blob past manifest", editManifest(t, good, blobField(4, "offset", mOff)), fmt.Sprintf(`blob "weights/fc1.bias": bytes [%d, %d+6) run past the manifest at %d`, mOff, mOff, mOff)},
		{"blob too big", editManifest(t, good, blobField(1, "size", 1<<62)), fmt.Sprintf(`blob "kernels.ptx": bytes [%d, %d+%d) run past the manifest at %d`, ptx.Offset, ptx.Offset, int64(1<<62), mOff)},
		{"blob negative size", editManifest(t, good, blobField(1, "size", -1)), fmt.Sprintf(`blob "kernels.ptx": bytes [%d, %d+-1) run past the manifest at %d`, ptx.Offset, ptx.Offset, mOff)},
		{"blob unaligned", editManifest(t, good, blobField(1, "offset", ptx.Offset+1)), fmt.Sprintf(`blob "kernels.ptx": offset %d is not a multiple of 4096 after the header page`, ptx.Offset+1)},
		{"blob in header", editManifest(t, good, blobField(0, "offset", 0)), `blob "host.wasm": offset 0 is not a multiple of 4096 after the header page`},
		{"blobs overlap", editManifest(t, good, blobField(1, "offset", 4096)), `blob "kernels.ptx" at 4096 overlaps or precedes blob "host.wasm", which ends at 4104`},
		{"blob sha", editManifest(t, good, blobField(0, "sha256", strings.Repeat("0", 64))), fmt.Sprintf(`blob "host.wasm": sha256 is %x, the manifest says %s (the bundle is corrupt)`, sha256.Sum256([]byte("\x00asm\x01\x00\x00\x00")), strings.Repeat("0", 64))},
		{"missing blob", editManifest(t, good, func(m map[string]any) { m["host"] = "nope" }), `manifest: the host program names blob "nope", which does not exist`},
		{"bad dtype", editManifest(t, good, func(m map[string]any) {
			m["parameters"].([]any)[0].(map[string]any)["dtype"] = "f33"
		}), `manifest: parameter "fc1.weight" has unknown dtype "f33"`},
		{"kernel arg dtype", editManifest(t, good, func(m map[string]any) {
			m["modules"].([]any)[0].(map[string]any)["kernels"].([]any)[0].(map[string]any)["args"].([]any)[0].(map[string]any)["dtype"] = "f33"
		}), `manifest: module 0 "kernels" kernel 0 "fusion.0" argument 0 has unknown dtype "f33"`},
		{"kernel arg shape without dtype", editManifest(t, good, func(m map[string]any) {
			m["modules"].([]any)[0].(map[string]any)["kernels"].([]any)[0].(map[string]any)["args"].([]any)[0].(map[string]any)["shape"] = []any{2}
		}), `manifest: module 0 "kernels" kernel 0 "fusion.0" argument 0 has a shape and no dtype`},
		{"embedded size", editManifest(t, good, func(m map[string]any) {
			m["parameters"].([]any)[1].(map[string]any)["shape"] = []any{4}
		}), `manifest: parameter "fc1.bias" of type bf16[4] needs 8 bytes, but blob "weights/fc1.bias" holds 6`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Parse(tc.data)
			if err == nil {
				b.Close()
				t.Fatal("Parse succeeded")
			}
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %T %v is not a *FormatError", err, err)
			}
			want := "bad bundle: " + tc.want
			// Checksum messages hold the hash of random damage: compare
			// their fixed prefix.
			if prefix := strings.HasSuffix(want, "sha256 is "); err.Error() != want && !(prefix && strings.HasPrefix(err.Error(), want)) {
				t.Errorf("error:\n got %s\nwant %s", err, want)
			}
		})
	}
}

// TestOpenNamesPath checks that errors of Open name the file, and that a
// flipped byte anywhere in a real file is caught.
func TestOpenNamesPath(t *testing.T) {
	good := encodeSample(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "m.zpkg")
	if err := os.WriteFile(path, good[:len(good)-3], 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Open(path)
	want := fmt.Sprintf("%s: bad bundle: truncated: file is %d bytes, but its manifest ends at %d", path, len(good)-3, len(good))
	if err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
	if _, err := Open(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("folder: %v", err)
	}
}

// TestEveryByteMatters flips each byte of a small bundle in turn (sampling
// the long runs) and expects Parse to reject every result.
func TestEveryByteMatters(t *testing.T) {
	good := encodeSample(t)
	for i := 0; i < len(good); i++ {
		if i > 4096 && i%97 != 0 && i < len(good)-2048 {
			continue
		}
		d := append([]byte{}, good...)
		d[i] ^= 1
		if b, err := Parse(d); err == nil {
			b.Close()
			t.Errorf("flipping byte %d went unnoticed", i)
		}
	}
}
