package vulkan

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/spirv"
)

// stepRunner runs a GPU-form Program's schedule on a device: a buffer per
// Program buffer, a pipeline per kernel, control flow read back from the
// predicate buffers.
type stepRunner struct {
	d     *Device
	p     *K.Program
	bufs  []*Buffer
	pipes []*Pipeline
}

func (r *stepRunner) close() {
	r.d.Sync()
	for _, b := range r.bufs {
		if b != nil {
			r.d.FreeBuffer(b)
		}
	}
	for _, p := range r.pipes {
		if p != nil {
			r.d.FreePipeline(p)
		}
	}
}

func (r *stepRunner) pred(buf int) (int64, error) {
	if err := r.d.Sync(); err != nil {
		return 0, err
	}
	b := r.bufs[buf].Bytes()
	switch r.p.Buffers[buf].Elem.ByteSize() {
	case 1:
		return int64(b[0]), nil
	default:
		return int64(int32(uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24)), nil
	}
}

func (r *stepRunner) steps(ss []K.Step) error {
	for _, s := range ss {
		switch s.Kind {
		case K.Alloc, K.Free:
		case K.Launch:
			g, _, err := gpu.Dims(r.p.Kernels[s.Kernel])
			if err != nil {
				return err
			}
			args := make([]*Buffer, len(s.Args))
			for i, a := range s.Args {
				args[i] = r.bufs[a]
			}
			if err := r.d.Dispatch(r.pipes[s.Kernel], args, uint32(g), 1, 1); err != nil {
				return err
			}
		case K.Copy:
			if err := r.d.CopyBuffer(r.bufs[s.Dst], 0, r.bufs[s.Src], 0, uint64(r.p.Buffers[s.Src].Bytes)); err != nil {
				return err
			}
		case K.While:
			for iter := 0; ; iter++ {
				if iter > 1<<20 {
					return fmt.Errorf("while loop runs away")
				}
				if err := r.steps(s.Cond); err != nil {
					return err
				}
				v, err := r.pred(s.Pred)
				if err != nil {
					return err
				}
				if v == 0 {
					break
				}
				if err := r.steps(s.Body); err != nil {
					return err
				}
			}
		case K.IfStep:
			v, err := r.pred(s.Pred)
			if err != nil {
				return err
			}
			if v != 0 {
				err = r.steps(s.Body)
			} else {
				err = r.steps(s.Else)
			}
			if err != nil {
				return err
			}
		case K.Case:
			v, err := r.pred(s.Pred)
			if err != nil {
				return err
			}
			if v < 0 || v >= int64(len(s.Branches)) {
				v = int64(len(s.Branches) - 1)
			}
			if err := r.steps(s.Branches[v]); err != nil {
				return err
			}
		}
	}
	return nil
}

// runOnDevice runs a GPU program on inputs: SPIR-V per kernel (float
// controls stripped as the device needs), constants and inputs uploaded,
// the steps run, outputs read back.
func runOnDevice(d *Device, p *K.Program, inputs []*ir.Tensor) ([]*ir.Tensor, error) {
	if len(inputs) != len(p.Inputs) {
		return nil, fmt.Errorf("%d inputs, the program takes %d", len(inputs), len(p.Inputs))
	}
	r := &stepRunner{d: d, p: p, bufs: make([]*Buffer, len(p.Buffers)), pipes: make([]*Pipeline, len(p.Kernels))}
	defer r.close()
	for _, b := range p.Buffers {
		nb, err := d.NewBuffer(uint64(max(b.Bytes, 4)))
		if err != nil {
			return nil, err
		}
		r.bufs[b.ID] = nb
		if b.Kind == K.Constant {
			copy(nb.Bytes(), ir.TensorBytes(b.Data))
		}
	}
	for i, id := range p.Inputs {
		copy(r.bufs[id].Bytes(), ir.TensorBytes(inputs[i]))
	}
	f := d.Features
	for i, k := range p.Kernels {
		bin, err := spirv.Render(k, spirv.Options{PreserveFloat: true})
		if err != nil {
			return nil, err
		}
		if bin, err = spirv.StripFloatControls(bin, f.PreservesFloat); err != nil {
			return nil, err
		}
		pl, err := d.NewPipeline(bin, k.Name, len(k.Params))
		if err != nil {
			return nil, err
		}
		r.pipes[i] = pl
	}
	if err := r.steps(p.Steps); err != nil {
		return nil, err
	}
	if err := d.Sync(); err != nil {
		return nil, err
	}
	var outs []*ir.Tensor
	for _, id := range p.Outputs {
		b := p.Buffers[id]
		x, err := ir.TensorFromBytes(ir.TensorOf(b.Elem, b.Shape...), slices.Clone(r.bufs[id].Bytes()[:b.Bytes]))
		if err != nil {
			return nil, err
		}
		outs = append(outs, x)
	}
	return outs, nil
}

// missingFeature names a device feature a kernel's SPIR-V needs that d
// lacks, "" if none.
func missingFeature(d *Device, p *K.Program) string {
	drv := &Driver{dev: d}
	for _, k := range p.Kernels {
		bin, err := spirv.Render(k, spirv.Options{})
		if err != nil {
			return "renderer: " + err.Error()[strings.Index(err.Error(), k.Name)+len(k.Name)+2:]
		}
		info, err := spirv.Inspect(bin)
		if err != nil {
			return err.Error()
		}
		for _, c := range info.Capabilities {
			if name, ok := drv.capabilityFeature(c); !ok {
				return name
			}
		}
	}
	return ""
}

// deviceTol is the tolerance of the device's results: the GPU lowering's
// legalised math, with zero signs exact.
var deviceTol = func() corpustest.Tolerance {
	tol := corpustest.LegalisedMath
	tol.SignedZeros = true
	return tol
}()

// TestCorpusOnDevice runs every op-corpus function on the Vulkan device
// (lavapipe in CI) through the kernel and GPU lowerings with the vulkan,
// cuda and rocm parameters where the device's limits allow, at -O0 and
// -O2 with the corpus constants as inputs (corpustest.Cases: nothing is
// folded), and compares with kernel.Eval of the same program and with
// the interpreter. A function the lowerings reject, or whose kernels need
// a feature the device lacks, must be listed in
// testdata/corpus-rejections/gpu-lavapipe.txt (key "file.mlir:@f O2
// vulkan"), and a listed one must still be rejected.
func TestCorpusOnDevice(t *testing.T) {
	d := openOrSkip(t)
	t.Logf("device %s: features %+v, limits %+v", d.Name, d.Features, d.Limits)
	targets := []gpu.Params{gpu.Vulkan(), gpu.CUDA(), gpu.ROCm()}
	rej := corpustest.LoadRejections(t, "gpu-lavapipe")
	ran := map[string]int{}
	corpustest.Cases(t, corpustest.Levels, nil, func(c *corpustest.Case) {
		name := c.Key
		kp, err := K.Lower(c.Module, c.Func.Name, K.TargetParams{GPU: true})
		for _, tp := range targets {
			key := name + " " + tp.Name
			if err != nil {
				rej.Reject(key, err.Error())
				continue
			}
			if int64(tp.SharedMemBytes) > int64(d.Limits.MaxComputeSharedMemorySize) {
				tp.SharedMemBytes = int64(d.Limits.MaxComputeSharedMemorySize)
			}
			gp, err := gpu.Lower(kp, tp)
			if err != nil {
				t.Errorf("%s: %v", key, err)
				continue
			}
			if why := missingFeature(d, gp); why != "" {
				rej.Reject(key, "the device lacks "+why)
				continue
			}
			ref, err := K.Eval(gp, c.Inputs)
			if err != nil {
				t.Errorf("%s: kernel.Eval: %v", key, err)
				continue
			}
			got, err := runOnDevice(d, gp, c.Inputs)
			if err != nil {
				t.Errorf("%s: device: %v", key, err)
				continue
			}
			ok := true
			for i := range got {
				if err := corpustest.Compare(got[i], ref[i], deviceTol); err != nil {
					t.Errorf("%s: result %d vs kernel.Eval: %v", key, i, err)
					ok = false
					break
				}
				if err := corpustest.Compare(got[i], c.Want[i], deviceTol); err != nil {
					t.Errorf("%s: result %d vs interpreter: %v", key, i, err)
					ok = false
					break
				}
			}
			if ok {
				rej.Pass(key)
				ran[tp.Name]++
			}
		}
	})
	t.Logf("corpus function runs (-O0 and -O2) matching kernel.Eval and the interpreter on %s: %v", d.Name, ran)
	rej.Check(t)
	// The whole op corpus (issues 5-7): every function with the vulkan
	// parameters at both levels, unless listed.
	if ran["vulkan"] < 2*300 {
		t.Errorf("only %d corpus function runs on the device with the vulkan parameters", ran["vulkan"])
	}
}
