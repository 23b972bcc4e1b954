package spirv_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime/vulkan"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/spirv"
)

// narrowCaps are the capabilities a module rendered with No8Or16Bit must
// not declare.
var narrowCaps = []spirv.Capability{spirv.CapabilityInt8, spirv.CapabilityInt16, spirv.CapabilityFloat16,
	spirv.CapabilityStorageBuffer8BitAccess, spirv.CapabilityStorageBuffer16BitAccess}

// runWide runs an argument-less GPU program on d with every kernel
// rendered with No8Or16Bit: buffers rounded up to whole 32-bit words,
// constants uploaded, the steps run (control flow read back from the
// predicate buffers), outputs read back.
func runWide(d *vulkan.Device, p *K.Program) ([]*ir.Tensor, error) {
	return runWith(d, p, spirv.Options{No8Or16Bit: true}, nil, 1, nil, nil)
}

// runWith runs GPU program p on d with its kernels rendered with opt and
// inputs uploaded, its steps reps times; start and stop (if not nil) are
// called around the runs (up to the device's completion).
func runWith(d *vulkan.Device, p *K.Program, opt spirv.Options, inputs []*ir.Tensor, reps int, start, stop func()) ([]*ir.Tensor, error) {
	bufs := make([]*vulkan.Buffer, len(p.Buffers))
	pipes := make([]*vulkan.Pipeline, len(p.Kernels))
	defer func() {
		d.Sync()
		for _, b := range bufs {
			if b != nil {
				d.FreeBuffer(b)
			}
		}
		for _, pl := range pipes {
			if pl != nil {
				d.FreePipeline(pl)
			}
		}
	}()
	for _, b := range p.Buffers {
		nb, err := d.NewBuffer(uint64((max(b.Bytes, 4) + 3) &^ 3))
		if err != nil {
			return nil, err
		}
		bufs[b.ID] = nb
		if b.Kind == K.Constant {
			copy(nb.Bytes(), ir.TensorBytes(b.Data))
		}
	}
	for i, id := range p.Inputs {
		copy(bufs[id].Bytes(), ir.TensorBytes(inputs[i]))
	}
	for i, k := range p.Kernels {
		bin, err := spirv.Render(k, opt)
		if err != nil {
			return nil, err
		}
		pl, err := d.NewPipeline(bin, k.Name, len(k.Params))
		if err != nil {
			return nil, err
		}
		pipes[i] = pl
	}
	pred := func(buf int) (int64, error) {
		if err := d.Sync(); err != nil {
			return 0, err
		}
		b := bufs[buf].Bytes()
		if p.Buffers[buf].Elem.ByteSize() == 1 {
			return int64(b[0]), nil
		}
		return int64(int32(uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24)), nil
	}
	var run func([]K.Step) error
	run = func(ss []K.Step) error {
		for _, s := range ss {
			switch s.Kind {
			case K.Launch:
				g, _, err := gpu.Dims(p.Kernels[s.Kernel])
				if err != nil {
					return err
				}
				args := make([]*vulkan.Buffer, len(s.Args))
				for i, a := range s.Args {
					args[i] = bufs[a]
				}
				if err := d.Dispatch(pipes[s.Kernel], args, uint32(g), 1, 1); err != nil {
					return err
				}
			case K.Copy:
				if err := d.CopyBuffer(bufs[s.Dst], 0, bufs[s.Src], 0, uint64(p.Buffers[s.Src].Bytes)); err != nil {
					return err
				}
			case K.While:
				for iter := 0; ; iter++ {
					if iter > 1<<20 {
						return fmt.Errorf("while loop runs away")
					}
					if err := run(s.Cond); err != nil {
						return err
					}
					if v, err := pred(s.Pred); err != nil || v == 0 {
						if err != nil {
							return err
						}
						break
					}
					if err := run(s.Body); err != nil {
						return err
					}
				}
			case K.IfStep:
				v, err := pred(s.Pred)
				if err != nil {
					return err
				}
				body := s.Else
				if v != 0 {
					body = s.Body
				}
				if err := run(body); err != nil {
					return err
				}
			case K.Case:
				v, err := pred(s.Pred)
				if err != nil {
					return err
				}
				if v < 0 || v >= int64(len(s.Branches)) {
					v = int64(len(s.Branches) - 1)
				}
				if err := run(s.Branches[v]); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := d.Sync(); err != nil {
		return nil, err
	}
	if start != nil {
		start()
	}
	for range reps {
		if err := run(p.Steps); err != nil {
			return nil, err
		}
	}
	if err := d.Sync(); err != nil {
		return nil, err
	}
	if stop != nil {
		stop()
	}
	var outs []*ir.Tensor
	for _, id := range p.Outputs {
		b := p.Buffers[id]
		x, err := ir.TensorFromBytes(ir.TensorOf(b.Elem, b.Shape...), slices.Clone(bufs[id].Bytes()[:b.Bytes]))
		if err != nil {
			return nil, err
		}
		outs = append(outs, x)
	}
	return outs, nil
}

// TestCorpusNo8Or16Bit renders the GPU-lowered op corpus with
// No8Or16Bit: every module must pass spirv-val --target-env vulkan1.2 and
// declare none of the 8/16-bit capabilities; then it runs the corpus so
// rendered on the Vulkan device (lavapipe in CI) and compares each result
// with the interpreter within the legalised-math tolerance.
func TestCorpusNo8Or16Bit(t *testing.T) {
	val := needToolExt(t, "spirv-val", "spirv-tools")
	d, err := vulkan.Open("")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no Vulkan device (Debian packages libvulkan1 and mesa-vulkan-drivers): %v", err)
		}
		t.Skipf("no Vulkan device: %v", err)
	}
	defer d.Close()
	tol := corpustest.LegalisedMath
	tol.SignedZeros = true
	dir := t.TempDir()
	ran, narrow, n := 0, 0, 0
	corpustest.Funcs(t, func(name string, m *ir.Module, f *ir.Func) {
		want, err := corpustest.Interpret(m, f.Name)
		if err != nil {
			return
		}
		kp, err := K.Lower(m, f.Name, K.TargetParams{GPU: true})
		if err != nil {
			return
		}
		gp, err := gpu.Lower(kp, gpu.Vulkan())
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		usesNarrow := false
		for _, k := range gp.Kernels {
			bin, err := spirv.Render(k, spirv.Options{No8Or16Bit: true})
			if err != nil {
				t.Errorf("%s: %v", name, err)
				return
			}
			info, err := spirv.Inspect(bin)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range info.Capabilities {
				if slices.Contains(narrowCaps, c) {
					t.Errorf("%s: kernel %s declares capability %d", name, k.Name, c)
				}
			}
			if normal, err := spirv.Render(k, spirv.Options{}); err == nil {
				ni, _ := spirv.Inspect(normal)
				for _, c := range ni.Capabilities {
					usesNarrow = usesNarrow || slices.Contains(narrowCaps, c)
				}
			}
			n++
			path := filepath.Join(dir, fmt.Sprintf("k%d.spv", n))
			if err := os.WriteFile(path, bin, 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(val, "--target-env", "vulkan1.2", path).CombinedOutput(); err != nil {
				t.Errorf("%s: kernel %s: spirv-val: %v\n%s", name, k.Name, err, out)
				return
			}
		}
		got, err := runWide(d, gp)
		if err != nil {
			t.Errorf("%s: device: %v", name, err)
			return
		}
		for i := range got {
			if err := corpustest.Compare(got[i], want[i], tol); err != nil {
				t.Errorf("%s: result %d vs interpreter: %v", name, i, err)
				return
			}
		}
		ran++
		if usesNarrow {
			narrow++
		}
	})
	t.Logf("%d corpus functions (%d of them with 8/16-bit types) match the interpreter on %s without 8/16-bit types", ran, narrow, d.Name)
	if ran < 300 || narrow < 40 {
		t.Errorf("only %d corpus functions ran (%d with 8/16-bit types)", ran, narrow)
	}
}

// needToolExt returns the path of a system tool; without it the test
// fails under CI=true and is skipped otherwise.
func needToolExt(t *testing.T, name, pkg string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s not found (Debian package %s; scripts/setup.sh installs it)", name, pkg)
		}
		t.Skipf("%s not found (Debian package %s); skipping", name, pkg)
	}
	return p
}
