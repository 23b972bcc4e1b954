package gpu

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// stagedParams are the parameter sets the staged kernels are checked
// under: the three targets', a tiny one (tiles of 1, 3 invocations, 2
// workgroups: every edge and grid-stride path) and an odd one (tiles
// that divide nothing, micro-tiles, little shared memory).
func stagedParams() []Params {
	return []Params{Vulkan(), CUDA(), ROCm(),
		{Name: "tiny", WorkgroupSize: 3, MaxGrid: 2, TileM: 1, TileN: 1, TileK: 1},
		{Name: "odd", WorkgroupSize: 8, MaxGrid: 5, TileM: 6, TileN: 8, TileK: 5, SharedMemBytes: 512}}
}

// randomInputs returns random tensors for f's parameters: floats in
// [-1, 1], integers in [-20, 20] (non-negative for unsigned types).
func randomInputs(f *ir.Func, seed int64) []*ir.Tensor {
	r := rand.New(rand.NewSource(seed))
	var in []*ir.Tensor
	for _, t := range f.Type.Inputs {
		x := ir.MustTensor(t.(*ir.TensorType))
		for i := range x.F {
			x.F[i] = ir.RoundFloat(r.Float64()*2-1, x.Type.Elem)
		}
		for i := range x.I {
			v := int64(r.Intn(41) - 20)
			if x.Type.Elem.IsUnsigned() && v < 0 {
				v = -v
			}
			x.I[i] = v
		}
		in = append(in, x)
	}
	return in
}

// checkStaged lowers src's @main for every parameter set, checks the GPU
// form, that kind (the staged kernel shape expected: "gemm" or "reduce")
// appears, and compares kernel.Eval (also with parallel iterations
// reversed) with the interpreter on random inputs.
func checkStaged(t *testing.T, name, src, kind string) {
	t.Helper()
	m, err := asm.Parse(name+".mlir", []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	f := m.Func("main")
	in := randomInputs(f, int64(len(src)))
	args := make([]interp.Value, len(in))
	for i, x := range in {
		args[i] = x
	}
	want, err := interp.New(m).Call("main", args)
	if err != nil {
		t.Fatalf("%s: interpreter: %v", name, err)
	}
	kp, err := K.Lower(m, "main", K.TargetParams{GPU: true})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for _, p := range stagedParams() {
		for _, rev := range []bool{false, true} {
			gp, err := Lower(kp, p)
			if err != nil {
				t.Fatalf("%s (%s): %v", name, p.Name, err)
			}
			if got := stagedKinds(gp); got[kind] == 0 {
				t.Errorf("%s (%s): no %s kernel (shapes %v)", name, p.Name, kind, got)
			}
			for _, k := range gp.Kernels {
				if bad := nonPrimitive(k.Body); bad != nil {
					t.Fatalf("%s (%s): kernel %s keeps %s", name, p.Name, k.Name, bad.Kind)
				}
				if err := checkSharedFits(k, p); err != nil {
					t.Errorf("%s (%s): %v", name, p.Name, err)
				}
			}
			if rev {
				reverseThreads(gp)
			}
			got, err := K.Eval(gp, in)
			if err != nil {
				t.Fatalf("%s (%s): eval: %v", name, p.Name, err)
			}
			for i := range want {
				if err := corpustest.Compare(got[i], want[i].(*ir.Tensor), corpustest.LegalisedMath); err != nil {
					t.Errorf("%s (%s, reversed %v): result %d: %v", name, p.Name, rev, i, err)
				}
			}
		}
	}
}

// stagedKinds counts a program's kernels by shape: "gemm" (shared tiles
// of A, B and C), "reduce" (one shared array and barriers), "plain".
func stagedKinds(p *K.Program) map[string]int {
	m := map[string]int{}
	for _, k := range p.Kernels {
		switch {
		case len(k.Shared) == 3 && k.Shared[0].Name == "a_tile" && countBarriers(k.Body) >= 2:
			m["gemm"]++
		case len(k.Shared) >= 1 && k.Shared[0].Name == "partials" && countBarriers(k.Body) >= 1:
			m["reduce"]++
		default:
			m["plain"]++
		}
	}
	return m
}

func countBarriers(body []*K.Node) int {
	n := 0
	for _, x := range body {
		if x.Kind == K.Barrier {
			n++
		}
		n += countBarriers(x.Body) + countBarriers(x.Else)
	}
	return n
}

// checkSharedFits checks a kernel's shared memory and workgroup against
// the parameters.
func checkSharedFits(k *K.Kernel, p Params) error {
	p, _ = p.withDefaults()
	var bytes int64
	for _, s := range k.Shared {
		bytes += s.Len() * int64(s.Elem.ByteSize())
	}
	if bytes > p.SharedMemBytes {
		return fmt.Errorf("kernel %s uses %d bytes of shared memory; the limit is %d", k.Name, bytes, p.SharedMemBytes)
	}
	g, w, err := Dims(k)
	if err != nil {
		return err
	}
	if w > int64(p.MaxWorkgroupSize) || g > p.MaxGrid {
		return fmt.Errorf("kernel %s launches %d x %d", k.Name, g, w)
	}
	return nil
}

func dotSrc(lhs, rhs, res, dims string) string {
	return fmt.Sprintf(`func.func @main(%%a: tensor<%s>, %%b: tensor<%s>) -> tensor<%s> {
  %%r = stablehlo.dot_general %%a, %%b, %s : (tensor<%s>, tensor<%s>) -> tensor<%s>
  return %%r : tensor<%s>
}`, lhs, rhs, res, dims, lhs, rhs, res, res)
}

// TestGemmStaged: dot_general in matrix form becomes the shared-memory
// tiled kernel under every parameter set and agrees with the interpreter:
// sizes no tile divides, batches, a transposed operand, matrix-vector,
// a contraction of 1, integers, f64, and a fused bias + relu epilogue.
func TestGemmStaged(t *testing.T) {
	cases := map[string]string{
		"odd_f32":    dotSrc("37x29xf32", "29x45xf32", "37x45xf32", "contracting_dims = [1] x [0]"),
		"square_f32": dotSrc("64x64xf32", "64x64xf32", "64x64xf32", "contracting_dims = [1] x [0]"),
		"batch_f32":  dotSrc("3x8x5xf32", "3x5x7xf32", "3x8x7xf32", "batching_dims = [0] x [0], contracting_dims = [2] x [1]"),
		"trans_i64":  dotSrc("6x5xi64", "6x9xi64", "5x9xi64", "contracting_dims = [0] x [0]"),
		"matvec_f32": dotSrc("7x33xf32", "33xf32", "7xf32", "contracting_dims = [1] x [0]"),
		"k1_f64":     dotSrc("5x1xf64", "1x6xf64", "5x6xf64", "contracting_dims = [1] x [0]"),
		"f64":        dotSrc("40x24xf64", "24x40xf64", "40x40xf64", "contracting_dims = [1] x [0]"),
		"i32":        dotSrc("9x17xi32", "17x11xi32", "9x11xi32", "contracting_dims = [1] x [0]"),
		"dense_relu": `func.func @main(%x: tensor<20x24xf32>, %w: tensor<24x36xf32>, %b: tensor<36xf32>) -> tensor<20x36xf32> {
  %0 = "zml.fusion"(%x, %w, %b) ({
  ^bb0(%a: tensor<20x24xf32>, %k: tensor<24x36xf32>, %c: tensor<36xf32>):
    %d = stablehlo.dot_general %a, %k, contracting_dims = [1] x [0] : (tensor<20x24xf32>, tensor<24x36xf32>) -> tensor<20x36xf32>
    %bb = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<36xf32>) -> tensor<20x36xf32>
    %s = stablehlo.add %d, %bb : tensor<20x36xf32>
    %z = stablehlo.constant dense<0.0> : tensor<20x36xf32>
    %r = stablehlo.maximum %s, %z : tensor<20x36xf32>
    stablehlo.return %r : tensor<20x36xf32>
  }) : (tensor<20x24xf32>, tensor<24x36xf32>, tensor<36xf32>) -> tensor<20x36xf32>
  return %0 : tensor<20x36xf32>
}`,
	}
	for name, src := range cases {
		checkStaged(t, name, src, "gemm")
	}
}

const softmaxSrc = `func.func @main(%x: tensor<ROWSxCOLSxf32>) -> tensor<ROWSxCOLSxf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<ROWSxCOLSxf32>, tensor<f32>) -> tensor<ROWSxf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<ROWSxf32>) -> tensor<ROWSxCOLSxf32>
  %d = stablehlo.subtract %x, %mb : tensor<ROWSxCOLSxf32>
  %e = stablehlo.exponential %d : tensor<ROWSxCOLSxf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<ROWSxCOLSxf32>, tensor<f32>) -> tensor<ROWSxf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<ROWSxf32>) -> tensor<ROWSxCOLSxf32>
  %r = stablehlo.divide %e, %sb : tensor<ROWSxCOLSxf32>
  return %r : tensor<ROWSxCOLSxf32>
}`

// softmax returns softmaxSrc over a rows x cols input.
func softmax(rows, cols int) string {
	return strings.NewReplacer("ROWS", fmt.Sprint(rows), "COLS", fmt.Sprint(cols)).Replace(softmaxSrc)
}

func reduceSrc(in, out, dims, body, init, et string) string {
	return fmt.Sprintf(`func.func @main(%%x: tensor<%s>) -> tensor<%s> {
  %%i = stablehlo.constant dense<%s> : tensor<%s>
  %%r = stablehlo.reduce(%%x init: %%i) applies stablehlo.%s across dimensions = %s : (tensor<%s>, tensor<%s>) -> tensor<%s>
  return %%r : tensor<%s>
}`, in, out, init, et, body, dims, in, et, out, out)
}

// TestReduceStaged: reductions become one workgroup per output element
// with a tree in shared memory under every parameter set and agree with
// the interpreter: softmax rows (max and sum), odd row lengths, several
// reduced dimensions, a full reduction to a scalar, integer max/min/add,
// f64, and a non-identity init.
func TestReduceStaged(t *testing.T) {
	cases := map[string]string{
		"softmax_2x8":    softmax(2, 8),
		"softmax_3x1000": softmax(3, 1000),
		"softmax_300x37": softmax(300, 37),
		"sum_rows_odd":   reduceSrc("5x77xf32", "5xf32", "[1]", "add", "1.5", "f32"),
		"sum_cols":       reduceSrc("77x5xf32", "5xf32", "[0]", "add", "0.0", "f32"),
		"sum_two_dims":   reduceSrc("6x7x9xf64", "7xf64", "[0, 2]", "add", "0.0", "f64"),
		"sum_all":        reduceSrc("33x65xf32", "f32", "[0, 1]", "add", "0.0", "f32"),
		"max_i32":        reduceSrc("9x100xi32", "9xi32", "[1]", "maximum", "-1000", "i32"),
		"min_i64":        reduceSrc("9x100xi64", "9xi64", "[1]", "minimum", "5", "i64"),
		"mul_f64":        reduceSrc("4x40xf64", "4xf64", "[1]", "multiply", "1.0", "f64"),
		"and_ui32":       reduceSrc("4x40xui32", "4xui32", "[1]", "and", "4294967295", "ui32"),
	}
	for name, src := range cases {
		checkStaged(t, name, src, "reduce")
	}
}
