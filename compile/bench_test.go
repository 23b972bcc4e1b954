package compile

import (
	"context"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
)

const dot512 = `func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}`

// BenchmarkDot512Wasm measures a 512x512x512 f32 dot_general on the wasm
// target, spread over the workers (one per CPU); it reports GFLOP/s.
func BenchmarkDot512Wasm(b *testing.B) {
	bundle, err := Compile("dot.mlir", []byte(dot512), Options{})
	if err != nil {
		b.Fatal(err)
	}
	rt, err := Open(bundle, "", 0)
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Close()
	in := []*ir.Tensor{randT(ir.F32, 1, 512, 512), randT(ir.F32, 2, 512, 512)}
	b.ResetTimer()
	for range b.N {
		if _, err := rt.Run(context.Background(), "main", in); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(2*512*512*512*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

// BenchmarkDot512Interp is the same product on the reference interpreter.
func BenchmarkDot512Interp(b *testing.B) {
	m, err := asm.Parse("dot.mlir", []byte(dot512))
	if err != nil {
		b.Fatal(err)
	}
	args := []interp.Value{randT(ir.F32, 1, 512, 512), randT(ir.F32, 2, 512, 512)}
	b.ResetTimer()
	for range b.N {
		if _, err := interp.New(m).Call("main", args); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(2*512*512*512*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}
