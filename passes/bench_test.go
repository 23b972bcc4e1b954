package passes

import (
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/zmlc/zmlc/ir"
)

// genModule returns a module with one function of about n ops on
// tensor<16x16xf32> values: binary and unary elementwise ops reading
// recent values (so chains fuse), constants (some duplicated, for CSE and
// folding), transposes (pairs cancel), dot_generals and row reductions
// broadcast back, and a few dead ops.
func genModule(n int, seed int64) *ir.Module {
	rng := rand.New(rand.NewSource(seed))
	t := ir.TensorOf(ir.F32, 16, 16)
	row := ir.TensorOf(ir.F32, 16)
	scalar := ir.TensorOf(ir.F32)
	f := ir.NewFunc("main", []ir.Type{t, t, t, t}, []ir.Type{t, t})
	blk := f.Body.Entry()
	vals := append([]*ir.Value{}, blk.Args...)
	emit := func(name string, operands []*ir.Value, typ ir.Type, attrs ir.Attrs) *ir.Value {
		op := ir.NewOp(name, operands, []ir.Type{typ}, attrs)
		blk.Append(op)
		return op.Results[0]
	}
	pick := func() *ir.Value {
		k := len(vals) - 1 - rng.Intn(min(len(vals), 8))
		return vals[k]
	}
	constant := func(typ *ir.TensorType, v float64) *ir.Value {
		return emit("stablehlo.constant", nil, typ, ir.Attrs{{Name: "value", Value: &ir.DenseElementsAttr{Value: ir.Scalar(ir.F32, v)}}})
	}
	binary := []string{"add", "multiply", "subtract", "maximum"}
	unary := []string{"exponential", "negate", "tanh", "abs"}
	for len(blk.Ops) < n {
		var v *ir.Value
		switch r := rng.Intn(20); {
		case r < 8:
			v = emit("stablehlo."+binary[rng.Intn(len(binary))], []*ir.Value{pick(), pick()}, t, nil)
		case r < 13:
			v = emit("stablehlo."+unary[rng.Intn(len(unary))], []*ir.Value{pick()}, t, nil)
		case r < 15:
			c := constant(scalar, float64(rng.Intn(3)))
			b := emit("stablehlo.broadcast_in_dim", []*ir.Value{c}, t, ir.Attrs{{Name: "broadcast_dimensions", Value: ir.I64Array()}})
			v = emit("stablehlo.add", []*ir.Value{pick(), b}, t, nil)
		case r < 17:
			v = emit("stablehlo.transpose", []*ir.Value{pick()}, t, ir.Attrs{{Name: "permutation", Value: ir.I64Array(1, 0)}})
		case r < 18:
			v = emit("stablehlo.dot_general", []*ir.Value{pick(), pick()}, t, ir.Attrs{{Name: "dot_dimension_numbers",
				Value: &ir.DotDimensionNumbersAttr{LhsContractingDimensions: []int64{1}, RhsContractingDimensions: []int64{0}}}})
		case r < 19:
			init := constant(scalar, 0)
			red := ir.NewOp("stablehlo.reduce", []*ir.Value{pick(), init}, []ir.Type{row}, ir.Attrs{{Name: "dimensions", Value: ir.I64Array(1)}})
			body := red.AddRegion(scalar, scalar)
			add := ir.NewOp("stablehlo.add", body.Args, []ir.Type{scalar}, nil)
			body.Append(add)
			body.Append(ir.NewOp("stablehlo.return", add.Results, nil, nil))
			blk.Append(red)
			v = emit("stablehlo.broadcast_in_dim", red.Results, t, ir.Attrs{{Name: "broadcast_dimensions", Value: ir.I64Array(0)}})
		default:
			emit("stablehlo.negate", []*ir.Value{pick()}, t, nil) // dead
			continue
		}
		vals = append(vals, v)
	}
	blk.Append(ir.NewOp("func.return", []*ir.Value{vals[len(vals)-1], vals[len(vals)/2]}, nil, nil))
	return &ir.Module{Funcs: []*ir.Func{f}}
}

// BenchmarkO2 compiles generated modules of 1k, 10k and 100k ops through
// the -O2 pipeline (verifier after every pass included) and reports ops/s.
func BenchmarkO2(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprintf("ops=%d", n), func(b *testing.B) {
			pipe, _ := DefaultPipeline(2)
			var total time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				m := genModule(n, 1)
				b.StartTimer()
				start := time.Now()
				if err := NewManager(pipe).Run(m); err != nil {
					b.Fatal(err)
				}
				total += time.Since(start)
			}
			b.ReportMetric(float64(n)*float64(b.N)/total.Seconds(), "ops/s")
		})
	}
}

// TestGeneratedModuleO2 checks that a generated module survives -O2 with
// the same results, and that the generator makes what it claims.
func TestGeneratedModuleO2(t *testing.T) {
	m := genModule(400, 7)
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	before := genModule(400, 7)
	if err := NewManager(mustPipeline(t, mustText(t, 2))).Run(m); err != nil {
		t.Fatal(err)
	}
	if len(FusionRegions(m.Funcs[0])) == 0 {
		t.Error("no fusion regions in a generated module")
	}
	compareRuns(t, before, m, 2)
}

func mustText(t *testing.T, level int) string {
	s, err := DefaultPipelineText(level)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
