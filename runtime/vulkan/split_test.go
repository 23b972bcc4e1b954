package vulkan

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
	K "github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/spirv"
)

// sharedKernel is a GPU-form kernel of one workgroup of one invocation
// that declares an f32 shared buffer of n elements (n*4 bytes).
func sharedKernel(name string, n int64) *K.Kernel {
	wl := &K.Node{Kind: K.Loop, Type: ir.Index, N: 1, Level: K.Workgroup}
	return &K.Kernel{Name: name,
		Shared: []*K.Buffer{{Name: "tile", Elem: ir.F32, Shape: []int64{n}, Strides: []int64{1}, Space: K.Shared}},
		Body:   []*K.Node{{Kind: K.Loop, Type: ir.Index, N: 1, Level: K.Grid, Body: []*K.Node{wl}}}}
}

// TestSplitShared: a module whose kernels' workgroup memory together fits
// the limit is one part, the blob itself; one that exceeds it is cut into
// parts of consecutive kernels, each within the limit and declaring only
// its kernels' variables; a kernel over the limit alone, or a symbol the
// module lacks, is an error naming the kernel.
func TestSplitShared(t *testing.T) {
	const limit = 32 << 10
	sizes := []int64{3 << 10, 2 << 10, 1 << 10, 3 << 10, 16, 1 << 10} // f32 elements
	var ks []*K.Kernel
	var mk []emit.Kernel
	for i, n := range sizes {
		name := fmt.Sprintf("k%d", i)
		ks = append(ks, sharedKernel(name, n))
		mk = append(mk, emit.Kernel{Name: "kernel_" + name, Symbol: name})
	}
	bin, err := spirv.RenderModule(ks, spirv.Options{})
	if err != nil {
		t.Fatal(err)
	}
	info, err := spirv.Inspect(bin)
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(10<<10+16) * 4; info.WorkgroupBytes != want {
		t.Fatalf("module WorkgroupBytes %d, want %d", info.WorkgroupBytes, want)
	}
	m := &emit.Module{Name: "kernels", Format: emit.FormatSPIRV}

	parts, err := splitShared(m, bin, info, mk, 64<<10, "test")
	if err != nil || len(parts) != 1 || !bytes.Equal(parts[0].blob, bin) || len(parts[0].symbols) != len(sizes) {
		t.Fatalf("under 64 KiB: %d parts, %v", len(parts), err)
	}

	parts, err = splitShared(m, bin, info, mk, limit, "test")
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"k0", "k1", "k2"}, {"k3", "k4", "k5"}}
	if len(parts) != len(want) {
		t.Fatalf("%d parts, want %d", len(parts), len(want))
	}
	for i, p := range parts {
		if !slices.Equal(p.symbols, want[i]) {
			t.Errorf("part %d holds %v, want %v", i, p.symbols, want[i])
		}
		pi, err := spirv.Inspect(p.blob)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		var sum int64
		for _, e := range pi.Entries {
			names = append(names, e.Name)
			sum += e.WorkgroupBytes
		}
		if !slices.Equal(names, want[i]) || pi.WorkgroupBytes != sum || pi.WorkgroupBytes > limit {
			t.Errorf("part %d: entries %v, %d bytes of workgroup memory (entries' sum %d, limit %d)", i, names, pi.WorkgroupBytes, sum, limit)
		}
	}

	if _, err := splitShared(m, bin, info, mk, 8<<10, "test"); !errors.Is(err, runtime.ErrUnsupported) {
		t.Errorf("kernels of 12 KiB under an 8 KiB limit: %v", err)
	}
	bad := append(slices.Clone(mk), emit.Kernel{Name: "ghost", Symbol: "nope"})
	if _, err := splitShared(m, bin, info, bad, limit, "test"); !errors.Is(err, runtime.ErrInvalid) {
		t.Errorf("a symbol the module lacks: %v", err)
	}
}
