package emit

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/version"
)

func TestRoundTrip(t *testing.T) {
	m, blobs := sampleManifest()
	path := filepath.Join(t.TempDir(), "model.cuda.zpkg")
	if err := WriteFile(path, m, blobs); err != nil {
		t.Fatal(err)
	}
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.Path() != path {
		t.Errorf("Path() = %q", b.Path())
	}
	got := b.Manifest
	if got.Format != FormatVersion || got.Zmlc != version.Version {
		t.Errorf("format %d zmlc %q, want %d %q", got.Format, got.Zmlc, FormatVersion, version.Version)
	}
	// Everything the compiler gave comes back unchanged.
	want := m.normalized()
	want.Format, want.Zmlc, want.Blobs = got.Format, got.Zmlc, got.Blobs
	if !reflect.DeepEqual(*got, want) {
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(want)
		t.Errorf("manifest differs:\n got %s\nwant %s", gj, wj)
	}
	if len(got.Blobs) != len(blobs) {
		t.Fatalf("%d blobs, want %d", len(got.Blobs), len(blobs))
	}
	for i, bd := range blobs {
		bl := got.Blobs[i]
		if bl.Name != bd.Name || bl.Kind != bd.Kind || bl.Size != int64(len(bd.Data)) {
			t.Errorf("blob %d = %+v, want %q %q size %d", i, bl, bd.Name, bd.Kind, len(bd.Data))
		}
		if bl.Offset%Align != 0 || bl.Offset < Align {
			t.Errorf("blob %q at offset %d, not aligned to %d", bl.Name, bl.Offset, Align)
		}
		data, ok := b.Blob(bd.Name)
		if !ok || !bytes.Equal(data, bd.Data) {
			t.Errorf("Blob(%q) = %q, %v", bd.Name, data, ok)
		}
	}
	if !bytes.Equal(b.Host(), blobs[0].Data) {
		t.Errorf("Host() = %q", b.Host())
	}
	if e, ok := b.Entry("forward"); !ok || e.Export != "zml_entry_forward" {
		t.Errorf("Entry(forward) = %v, %v", e, ok)
	}
	if _, ok := b.Entry("backward"); ok {
		t.Error("Entry(backward) found")
	}
	if _, ok := b.Blob("nope"); ok {
		t.Error("Blob(nope) found")
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if _, ok := b.Blob("host.wasm"); ok {
		t.Error("Blob after Close succeeded")
	}
	if err := b.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestDeterministic(t *testing.T) {
	first := encodeSample(t)
	for range 20 { // maps iterate in random order; the bytes must not change
		if got := encodeSample(t); !bytes.Equal(got, first) {
			t.Fatal("encoding the same bundle twice gave different bytes")
		}
	}
	dir := t.TempDir()
	m, blobs := sampleManifest()
	for _, name := range []string{"a.zpkg", "b.zpkg"} {
		if err := WriteFile(filepath.Join(dir, name), m, blobs); err != nil {
			t.Fatal(err)
		}
	}
	a, _ := os.ReadFile(filepath.Join(dir, "a.zpkg"))
	b, _ := os.ReadFile(filepath.Join(dir, "b.zpkg"))
	if !bytes.Equal(a, b) || !bytes.Equal(a, first) {
		t.Error("WriteFile output differs from Encode or between runs")
	}
	// The manifest's keys are sorted at every level, and it names no path.
	js := string(first[len(first)-int(manifestLen(first)):])
	for _, pair := range [][2]string{{`"blobs"`, `"buffers"`}, {`"a": "2"`, `"arch"`}, {`"arch"`, `"z"`}, {`"dtype"`, `"shape"`}, {`"host"`, `"zmlc_version"`}} {
		if i, j := strings.Index(js, pair[0]), strings.Index(js, pair[1]); i < 0 || j < 0 || i > j {
			t.Errorf("key %s does not come before %s in the manifest:\n%s", pair[0], pair[1], js)
		}
	}
	if strings.Contains(js, dir) {
		t.Error("the manifest contains the output path")
	}
}

func manifestLen(data []byte) uint64 {
	var n uint64
	for i := 7; i >= 0; i-- {
		n = n<<8 | uint64(data[offManifestLen+i])
	}
	return n
}

func TestEncodeDoesNotModifyManifest(t *testing.T) {
	m, blobs := sampleManifest()
	before, _ := json.Marshal(m)
	encodeSample(t)
	var buf bytes.Buffer
	if err := Encode(&buf, m, blobs); err != nil {
		t.Fatal(err)
	}
	if after, _ := json.Marshal(m); !bytes.Equal(before, after) {
		t.Errorf("Encode modified its manifest:\n%s\n%s", before, after)
	}
}

func TestScalarShapeIsEmptyList(t *testing.T) {
	js := string(encodeSample(t))
	if strings.Contains(js, "null") {
		t.Errorf("manifest holds null:\n%s", js[strings.LastIndex(js, "\x00")+1:])
	}
}

func TestWriteFileFailureLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.zpkg")
	m, blobs := sampleManifest()
	m.Host = "missing.wasm"
	err := WriteFile(path, m, blobs)
	if err == nil || err.Error() != `emit: invalid manifest: the host program names blob "missing.wasm", which does not exist` {
		t.Fatalf("err = %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("failed write left %v", ents)
	}
	// An existing bundle survives a failed write untouched.
	good, blobs := sampleManifest()
	if err := WriteFile(path, good, blobs); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	if err := WriteFile(path, m, blobs); err == nil {
		t.Fatal("no error")
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Error("failed write changed the existing file")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("failed write left %v", ents)
	}
	// Writing into a missing folder fails without creating anything.
	if err := WriteFile(filepath.Join(dir, "no", "x.zpkg"), good, blobs); err == nil {
		t.Error("writing into a missing folder succeeded")
	}
}
