package wasm_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

// BenchmarkNarrowElementwise times elementwise kernels on narrow floats
// on the wasm target (one op: one RunBytes call over n elements, which
// includes copying them in and out; the metric is elements per second): a bf16 and an f16 multiply-add computed in f32
// and rounded back, and converts from f32 and i64 to bf16.
//
//	go test -run XXX -bench NarrowElementwise ./targets/wasm/
func BenchmarkNarrowElementwise(b *testing.B) {
	const n = 1 << 16
	for _, c := range []struct{ name, from, op string }{
		{"bf16_fma", "bf16", "fma"},
		{"f16_fma", "f16", "fma"},
		{"f32_to_bf16", "f32", "bf16"},
		{"i64_to_bf16", "i64", "bf16"},
	} {
		b.Run(c.name, func(b *testing.B) {
			var src string
			if c.op == "fma" {
				src = fmt.Sprintf(`func.func @main(%%x: tensor<%[1]dx%[2]s>) -> tensor<%[1]dx%[2]s> {
  %%0 = stablehlo.multiply %%x, %%x : tensor<%[1]dx%[2]s>
  %%1 = stablehlo.add %%0, %%x : tensor<%[1]dx%[2]s>
  return %%1 : tensor<%[1]dx%[2]s>
}`, n, c.from)
			} else {
				src = fmt.Sprintf(`func.func @main(%%x: tensor<%[1]dx%[2]s>) -> tensor<%[1]dx%[3]s> {
  %%0 = stablehlo.convert %%x : (tensor<%[1]dx%[2]s>) -> tensor<%[1]dx%[3]s>
  return %%0 : tensor<%[1]dx%[3]s>
}`, n, c.from, c.op)
			}
			m, err := asm.Parse("bench.mlir", []byte(src))
			if err != nil {
				b.Fatal(err)
			}
			l, err := compile.LowerModule(m, compile.Options{Entry: "main"})
			if err != nil {
				b.Fatal(err)
			}
			bundle, err := l.Bundle(compile.Options{})
			if err != nil {
				b.Fatal(err)
			}
			rt, err := compile.Open(bundle, "", 1)
			if err != nil {
				b.Fatal(err)
			}
			defer rt.Close()
			e := map[string]ir.ElementType{"bf16": ir.BF16, "f16": ir.F16, "f32": ir.F32, "i64": ir.I64}[c.from]
			in := ir.MustTensor(&ir.TensorType{Shape: []int64{n}, Elem: e})
			for i := range in.F {
				in.F[i] = ir.RoundFloat(float64(i%1000)/7-50, e)
			}
			for i := range in.I {
				in.I[i] = int64(uint64(i)*0x9e3779b97f4a7c15>>8) - 1<<54
			}
			inb := ir.TensorBytes(in)
			sizes, err := rt.OutputSizes("main")
			if err != nil {
				b.Fatal(err)
			}
			out := [][]byte{make([]byte, sizes[0])}
			b.ResetTimer()
			for range b.N {
				if err := rt.RunBytes(context.Background(), "main", [][]byte{inb}, out); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "elems/s")
		})
	}
}
