package vulkan

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/spirv"
)

// openOrSkip opens a Vulkan device (openDevice), closed at the end of t.
func openOrSkip(t *testing.T) *Device {
	t.Helper()
	d := openDevice(t)
	t.Cleanup(d.Close)
	return d
}

// runProgram runs a GPU-form Program on d: one buffer per Program buffer,
// SPIR-V per kernel, the steps in order (alloc, launch, copy; no control
// flow), and returns the outputs.
func runProgram(t *testing.T, d *Device, p *K.Program, inputs []*ir.Tensor) []*ir.Tensor {
	t.Helper()
	bufs := make([]*Buffer, len(p.Buffers))
	for _, b := range p.Buffers {
		nb, err := d.NewBuffer(uint64(b.Bytes))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.FreeBuffer(nb) })
		bufs[b.ID] = nb
		if b.Kind == K.Constant {
			copy(nb.Bytes(), ir.TensorBytes(b.Data))
		}
	}
	for i, id := range p.Inputs {
		copy(bufs[id].Bytes(), ir.TensorBytes(inputs[i]))
	}
	pipes := make([]*Pipeline, len(p.Kernels))
	for i, k := range p.Kernels {
		bin, err := spirv.Render(k, spirv.Options{PreserveFloat: true})
		if err != nil {
			t.Fatal(err)
		}
		pl, err := d.NewPipeline(bin, k.Name, len(k.Params))
		if err != nil {
			t.Fatalf("kernel %s: %v", k.Name, err)
		}
		t.Cleanup(func() { d.FreePipeline(pl) })
		pipes[i] = pl
	}
	for _, s := range p.Steps {
		switch s.Kind {
		case K.Alloc, K.Free:
		case K.Launch:
			k := p.Kernels[s.Kernel]
			g, _, err := gpu.Dims(k)
			if err != nil {
				t.Fatal(err)
			}
			args := make([]*Buffer, len(s.Args))
			for i, a := range s.Args {
				args[i] = bufs[a]
			}
			if err := d.Dispatch(pipes[s.Kernel], args, uint32(g), 1, 1); err != nil {
				t.Fatal(err)
			}
		case K.Copy:
			if err := d.Sync(); err != nil {
				t.Fatal(err)
			}
			copy(bufs[s.Dst].Bytes(), bufs[s.Src].Bytes())
		default:
			t.Fatalf("step %s is not supported by this test runner", s.Kind)
		}
	}
	if err := d.Sync(); err != nil {
		t.Fatal(err)
	}
	var outs []*ir.Tensor
	for _, id := range p.Outputs {
		b := p.Buffers[id]
		x, err := ir.TensorFromBytes(ir.TensorOf(b.Elem, b.Shape...), append([]byte{}, bufs[id].Bytes()...))
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, x)
	}
	return outs
}

const elementwise = `
func.func @main(%a: tensor<3000xf32>, %b: tensor<3000xf32>) -> (tensor<3000xf32>, tensor<3000xf32>) {
  %e = stablehlo.exponential %a : tensor<3000xf32>
  %t = stablehlo.tanh %b : tensor<3000xf32>
  %m = stablehlo.multiply %e, %t : tensor<3000xf32>
  %s = stablehlo.add %m, %b : tensor<3000xf32>
  %l = stablehlo.logistic %s : tensor<3000xf32>
  %q = stablehlo.maximum %a, %b : tensor<3000xf32>
  return %l, %q : tensor<3000xf32>, tensor<3000xf32>
}
`

// TestElementwiseOnDevice compiles an elementwise function (exp, tanh,
// multiply, add, logistic, maximum: legalised math in several kernels of
// 3000 elements, 12 workgroups of 256) through the kernel and GPU
// lowerings and the SPIR-V renderer, runs it on the Vulkan device
// (lavapipe in CI) and compares with the interpreter within 4 ULP-scale.
func TestElementwiseOnDevice(t *testing.T) {
	d := openOrSkip(t)
	t.Logf("device: %s (type %d)", d.Name, d.Type)
	m, err := asm.Parse("elementwise.mlir", []byte(elementwise))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := ir.NewTensor(ir.TensorOf(ir.F32, 3000))
	b, _ := ir.NewTensor(ir.TensorOf(ir.F32, 3000))
	for i := range a.F {
		a.F[i] = float64(float32(math.Sin(float64(i)) * 20))
		b.F[i] = float64(float32(math.Cos(float64(i)*0.7) * 5))
	}
	a.F[0], b.F[1], a.F[2] = math.NaN(), math.Inf(1), math.Copysign(0, -1)
	want, err := interp.New(m).Call("main", []interp.Value{a, b})
	if err != nil {
		t.Fatal(err)
	}
	gp := lowerFor(t, m, gpu.Vulkan())
	got := runProgram(t, d, gp, []*ir.Tensor{a, b})
	ref, err := K.Eval(gp, []*ir.Tensor{a, b})
	if err != nil {
		t.Fatal(err)
	}
	exact := 0
	for i := range got {
		w := want[i].(*ir.Tensor)
		scale := 0.0
		for _, x := range w.F {
			if !math.IsInf(x, 0) && !math.IsNaN(x) {
				scale = math.Max(scale, math.Abs(x))
			}
		}
		for j := range w.F {
			g, x, e := got[i].F[j], w.F[j], ref[i].F[j]
			if x == 0 && g == 0 && math.Signbit(g) != math.Signbit(x) {
				t.Fatalf("result %d element %d: got %v, want %v (sign of zero)", i, j, g, x)
			}
			if g == e || math.IsNaN(g) && math.IsNaN(e) {
				exact++
			} else if math.Abs(g-e) > 1.2e-7*math.Abs(e) { // one f32 ULP: the device may contract a*b+c
				t.Errorf("result %d element %d: device %v, kernel.Eval %v", i, j, g, e)
			}
			if g == x || math.IsNaN(g) && math.IsNaN(x) || math.Abs(g-x) <= 4e-6*math.Max(math.Abs(x), scale) {
				continue
			}
			t.Fatalf("result %d element %d: got %v, want %v", i, j, g, x)
		}
	}
	t.Logf("%d of %d elements bit-identical to kernel.Eval", exact, 6000)
}
