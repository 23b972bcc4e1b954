package spirv_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/runtime/vulkan"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/spirv"
)

// BenchmarkNarrowConvert measures, on the Vulkan device (lavapipe in
// CI), converts of 4M elements between f32 and the narrow floats: f16
// natively (OpFConvert) and held as bits (No8Or16Bit), bf16, f8E4M3FN and
// f8E5M2 through the integer code of kernel.LegalizeNarrow, in both
// directions; and an i8 add in 8-bit arithmetic and in 32-bit words
// (No8Or16Bit). It reports the launches' time per run and per element.
func BenchmarkNarrowConvert(b *testing.B) {
	d, err := vulkan.Open("")
	if err != nil {
		b.Skipf("no Vulkan device: %v", err)
	}
	defer d.Close()
	const n = 1 << 22
	cases := []struct {
		name     string
		from, to ir.ElementType
		op       string
		opt      spirv.Options
	}{
		{"f16_to_f32_native", ir.F16, ir.F32, "convert", spirv.Options{}},
		{"f16_to_f32_bits", ir.F16, ir.F32, "convert", spirv.Options{No8Or16Bit: true}},
		{"bf16_to_f32", ir.BF16, ir.F32, "convert", spirv.Options{}},
		{"f8E4M3FN_to_f32", ir.F8E4M3FN, ir.F32, "convert", spirv.Options{}},
		{"f32_to_f16_native", ir.F32, ir.F16, "convert", spirv.Options{}},
		{"f32_to_f16_bits", ir.F32, ir.F16, "convert", spirv.Options{No8Or16Bit: true}},
		{"f32_to_bf16", ir.F32, ir.BF16, "convert", spirv.Options{}},
		{"f32_to_f8E4M3FN", ir.F32, ir.F8E4M3FN, "convert", spirv.Options{}},
		{"f32_to_f8E5M2", ir.F32, ir.F8E5M2, "convert", spirv.Options{}},
		{"f32_to_f32_copy", ir.F32, ir.F32, "add", spirv.Options{}},
		{"i8_add_int8", ir.I8, ir.I8, "add", spirv.Options{}},
		{"i8_add_words", ir.I8, ir.I8, "add", spirv.Options{No8Or16Bit: true}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			body := fmt.Sprintf("%%0 = stablehlo.convert %%x : (tensor<%[1]dx%[2]s>) -> tensor<%[1]dx%[3]s>", n, c.from, c.to)
			if c.op == "add" {
				body = fmt.Sprintf("%%0 = stablehlo.add %%x, %%x : tensor<%[1]dx%[2]s>", n, c.from)
			}
			src := fmt.Sprintf("func.func @main(%%x: tensor<%[1]dx%[2]s>) -> tensor<%[1]dx%[3]s> {\n  %[4]s\n  return %%0 : tensor<%[1]dx%[3]s>\n}", n, c.from, c.to, body)
			m, err := asm.Parse("bench.mlir", []byte(src))
			if err != nil {
				b.Fatal(err)
			}
			kp, err := K.Lower(m, "main", K.TargetParams{GPU: true})
			if err != nil {
				b.Fatal(err)
			}
			gp, err := gpu.Lower(kp, gpu.Vulkan())
			if err != nil {
				b.Fatal(err)
			}
			in := ir.MustTensor(ir.TensorOf(c.from, n))
			for i := range in.F {
				in.F[i] = ir.RoundFloat(float64(i%1000)*0.37-150, c.from)
			}
			for i := range in.I {
				in.I[i] = c.from.WrapInt(int64(i))
			}
			b.StopTimer()
			// One warm-up run, then b.N timed runs of the launches only
			// (pipelines built, inputs uploaded, outputs read outside).
			if _, err := runWith(d, gp, c.opt, []*ir.Tensor{in}, b.N+1, func() {}, nil); err != nil {
				b.Fatal(err)
			}
			var el time.Duration
			var t0 time.Time
			if _, err := runWith(d, gp, c.opt, []*ir.Tensor{in}, b.N, func() { t0 = time.Now() }, func() { el = time.Since(t0) }); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(el.Nanoseconds())/float64(b.N)/n, "ns/elem")
			b.ReportMetric(float64(el.Nanoseconds())/float64(b.N)/1e6, "ms/run")
		})
	}
}
