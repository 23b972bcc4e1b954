package emit

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"testing"
)

// sampleManifest returns a manifest using every section, with the blobs it
// references.
func sampleManifest() (*Manifest, []BlobData) {
	m := &Manifest{
		Target: Target{Name: "cuda", Options: map[string]string{"arch": "sm_90", "z": "1", "a": "2"}},
		Dims:   map[string]int64{"b": 64, "a": 1},
		Entries: []Entry{{
			Name: "forward", Export: "zml_entry_forward",
			Inputs:  []Value{{Name: "images", DType: "ui8", Shape: []int64{64, 28, 28}, Dims: []string{"b", "", ""}}},
			Outputs: []Value{{DType: "f32", Shape: []int64{64, 10}, Dims: []string{"b", ""}}, {DType: "i1"}},
		}},
		Parameters: []Parameter{
			{Name: "fc1.weight", DType: "f32", Shape: []int64{2, 3}},
			{Name: "fc1.bias", DType: "bf16", Shape: []int64{3}, Blob: "weights/fc1.bias"},
		},
		Buffers: BufferPlan{PeakBytes: 1 << 20, Buffers: []Buffer{{Name: "%3", Kind: BufferTemp, Size: 4096, Offset: 256}}},
		Mesh:    Mesh{Axes: []MeshAxis{{Name: "x", Size: 1}}},
		Modules: []Module{{Name: "kernels", Format: FormatPTX, Blob: "kernels.ptx", Kernels: []Kernel{{
			Name: "fusion.0", Symbol: "fusion_0",
			Args:      []KernelArg{{Kind: ArgBuffer, Access: "read"}, {Kind: ArgBuffer, Access: "write"}, {Kind: ArgI32}},
			Workgroup: []int64{256, 1, 1},
		}}}},
		Collectives: []Collective{{Kind: CollectiveAllReduce, Reduction: "add", DType: "f32", Count: 10, ReplicaGroups: [][]int64{{0}}}},
		Host:        "host.wasm",
		StableHLO:   "program.mlir",
	}
	blobs := []BlobData{
		{Name: "host.wasm", Kind: BlobHost, Data: []byte("\x00asm\x01\x00\x00\x00")},
		{Name: "kernels.ptx", Kind: BlobKernels, Data: bytes.Repeat([]byte("// ptx\n"), 1000)},
		{Name: "empty", Kind: BlobKernels, Data: nil},
		{Name: "program.mlir", Kind: BlobStableHLO, Data: []byte("func.func @forward() {}\n")},
		{Name: "weights/fc1.bias", Kind: BlobWeights, Data: []byte{1, 2, 3, 4, 5, 6}},
	}
	return m, blobs
}

// encodeSample encodes the sample bundle.
func encodeSample(t testing.TB) []byte {
	t.Helper()
	m, blobs := sampleManifest()
	var buf bytes.Buffer
	if err := Encode(&buf, m, blobs); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withManifest returns a copy of bundle data whose manifest is replaced by
// js, with the header's size and sha256 fixed so that only js is wrong.
func withManifest(data, js []byte) []byte {
	off := binary.LittleEndian.Uint64(data[offManifestOff:])
	out := append(append([]byte{}, data[:off]...), js...)
	binary.LittleEndian.PutUint64(out[offManifestLen:], uint64(len(js)))
	sum := sha256.Sum256(js)
	copy(out[offManifestSum:], sum[:])
	return out
}

// editManifest decodes the bundle's manifest into generic JSON, lets edit
// change it, and returns the bundle with the edited manifest.
func editManifest(t *testing.T, data []byte, edit func(m map[string]any)) []byte {
	t.Helper()
	off := binary.LittleEndian.Uint64(data[offManifestOff:])
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(data[off:]))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	js, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return withManifest(data, js)
}
