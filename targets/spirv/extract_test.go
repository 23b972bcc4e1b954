package spirv

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// countOps returns how many instructions of bin have opcode op and, for
// OpVariable, storage class sc.
func countOps(t *testing.T, bin []byte, op Opcode, sc StorageClass) int {
	t.Helper()
	_, insts, err := Decode(bin)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, in := range insts {
		if in.Op == op && (op != OpVariable || StorageClass(in.Operands[2]) == sc) {
			n++
		}
	}
	return n
}

// TestExtractCorpus renders the kernels of the GPU-lowered op corpus in
// modules of up to six (both forms: normal and No8Or16Bit) and checks the
// Workgroup accounting and Extract: Info.WorkgroupBytes is the sum of the
// kernels' shared buffers (kernel IR lengths times element sizes, normal
// form) and of the entries' WorkgroupBytes; an entry extracted alone keeps
// one function, its own Workgroup variables (as many as the kernel's
// shared buffers) and its local size, so that its module's WorkgroupBytes
// is the entry's own; two entries extracted together keep both. Every
// extracted module of a kernel with shared memory, and the first of each
// module, passes spirv-val --target-env vulkan1.2.
func TestExtractCorpus(t *testing.T) {
	val := needTool(t, "spirv-val", "spirv-tools")
	dir := t.TempDir()
	validate := func(name string, bin []byte) {
		path := filepath.Join(dir, "m.spv")
		if err := os.WriteFile(path, bin, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(val, "--target-env", "vulkan1.2", path).CombinedOutput(); err != nil {
			t.Errorf("%s: spirv-val: %v\n%s", name, err, out)
		}
	}
	var all []*K.Kernel
	corpusPrograms(t, gpu.Vulkan(), func(name string, m *ir.Module, f *ir.Func, gp *K.Program) {
		for _, k := range gp.Kernels {
			if _, err := Render(k, Options{}); err == nil {
				c := *k
				c.Name = fmt.Sprintf("k%d_%s", len(all), k.Name)
				all = append(all, &c)
			}
		}
	})
	staged := 0
	for lo := 0; lo+1 < len(all); lo += 6 {
		ks := all[lo:min(lo+6, len(all))]
		name := ks[0].Name
		var shared int64
		for _, k := range ks {
			for _, s := range k.Shared {
				shared += max(s.Len(), 1) * int64(s.Elem.ByteSize())
			}
			if len(k.Shared) > 0 {
				staged++
			}
		}
		for _, narrow := range []bool{false, true} {
			bin, err := RenderModule(ks, Options{PreserveFloat: true, No8Or16Bit: narrow})
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			info, err := Inspect(bin)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			var sum int64
			for _, e := range info.Entries {
				sum += e.WorkgroupBytes
			}
			if sum != info.WorkgroupBytes || !narrow && info.WorkgroupBytes != shared {
				t.Errorf("%s (No8Or16Bit %v): module WorkgroupBytes %d, entries' sum %d, kernels' shared buffers %d bytes", name, narrow, info.WorkgroupBytes, sum, shared)
			}
			for i, e := range info.Entries {
				one, err := Extract(bin, e.Name)
				if err != nil {
					t.Errorf("Extract %s: %v", e.Name, err)
					continue
				}
				if i == 0 || len(ks[i].Shared) > 0 {
					validate(e.Name, one)
				}
				oi, err := Inspect(one)
				if err != nil {
					t.Fatal(err)
				}
				if len(oi.Entries) != 1 || oi.Entries[0] != e || oi.WorkgroupBytes != e.WorkgroupBytes {
					t.Errorf("Extract %s: entries %+v, module WorkgroupBytes %d; want only %+v", e.Name, oi.Entries, oi.WorkgroupBytes, e)
				}
				if n := countOps(t, one, OpFunction, 0); n != 1 {
					t.Errorf("Extract %s keeps %d functions", e.Name, n)
				}
				if n := countOps(t, one, OpVariable, StorageClassWorkgroup); n != len(ks[i].Shared) {
					t.Errorf("Extract %s keeps %d Workgroup variables, the kernel has %d shared buffers", e.Name, n, len(ks[i].Shared))
				}
			}
			two, err := Extract(bin, info.Entries[1].Name, info.Entries[0].Name)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			validate(name+" (two entries)", two)
			ti, err := Inspect(two)
			if err != nil {
				t.Fatal(err)
			}
			if len(ti.Entries) != 2 || ti.Entries[0] != info.Entries[0] || ti.Entries[1] != info.Entries[1] || ti.WorkgroupBytes != info.Entries[0].WorkgroupBytes+info.Entries[1].WorkgroupBytes {
				t.Errorf("%s: Extract of two entries: %+v (%d bytes)", name, ti.Entries, ti.WorkgroupBytes)
			}
		}
	}
	t.Logf("%d kernels, %d with shared memory", len(all), staged)
	if len(all) < 400 || staged < 20 {
		t.Errorf("only %d kernels (%d with shared memory)", len(all), staged)
	}
}

// TestExtractErrors: a name the module lacks, no names, SPIR-V before 1.4
// and malformed modules are errors.
func TestExtractErrors(t *testing.T) {
	bin, err := RenderModule([]*K.Kernel{emptyKernel("a"), emptyKernel("b")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Extract(bin, "a", "c"); err == nil {
		t.Error("Extract accepted entry point c, which the module lacks")
	}
	if _, err := Extract(bin); err == nil {
		t.Error("Extract accepted no entry points")
	}
	old := append([]byte{}, bin...)
	binary.LittleEndian.PutUint32(old[4:], 0x00010300)
	if _, err := Extract(old, "a"); err == nil {
		t.Error("Extract accepted a SPIR-V 1.3 module")
	}
	if _, err := Extract(bin[:len(bin)-4], "a"); err == nil {
		t.Error("Extract accepted a truncated module")
	}
	one, err := Extract(bin, "b")
	if err != nil {
		t.Fatal(err)
	}
	info, err := Inspect(one)
	if err != nil || len(info.Entries) != 1 || info.Entries[0].Name != "b" {
		t.Fatalf("Extract(b): %+v, %v", info, err)
	}
}

// TestExtractGroupDecorate: an OpGroupDecorate loses the targets Extract
// removes, and goes when none is left.
func TestExtractGroupDecorate(t *testing.T) {
	bin, err := RenderModule([]*K.Kernel{emptyKernel("a"), emptyKernel("b")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	header, insts, err := Decode(bin)
	if err != nil {
		t.Fatal(err)
	}
	fnOf := map[string]uint32{}
	at := -1
	for i, in := range insts {
		if in.Op == OpEntryPoint {
			fnOf[decodeString(in.Operands[2:])] = in.Operands[1]
		}
		if in.Op == OpDecorate && at < 0 {
			at = i
		}
	}
	g := header[3]
	header[3]++
	group := []Instruction{{Op: OpDecorationGroup, Operands: []uint32{g}}, {Op: OpGroupDecorate, Operands: []uint32{g, fnOf["a"], fnOf["b"]}}}
	insts = append(insts[:at], append(group, insts[at:]...)...)
	bin = Encode(header, insts)
	for _, tc := range []struct {
		keep, gone string
	}{{"a", "b"}, {"b", "a"}} {
		one, err := Extract(bin, tc.keep)
		if err != nil {
			t.Fatal(err)
		}
		_, out, err := Decode(one)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, in := range out {
			if in.Op == OpGroupDecorate {
				found = true
				if len(in.Operands) != 2 || in.Operands[0] != g || in.Operands[1] != fnOf[tc.keep] {
					t.Errorf("Extract(%s): OpGroupDecorate %v, want [%d %d]", tc.keep, in.Operands, g, fnOf[tc.keep])
				}
			}
		}
		if !found {
			t.Errorf("Extract(%s) dropped the OpGroupDecorate of its function", tc.keep)
		}
	}
	both, err := Extract(bin, "a", "b")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(both, bin) {
		t.Error("Extract of every entry point changed the module")
	}
}
