package compile

import (
	"context"
	"strconv"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/wasm"
)

// addOf is one add of two f32[N] as a StableHLO module.
func addOf(n string) string {
	t := "tensor<" + n + "xf32>"
	return `func.func @main(%a: ` + t + `, %b: ` + t + `) -> ` + t + ` {
  %0 = stablehlo.add %a, %b : ` + t + `
  return %0 : ` + t + `
}`
}

// BenchmarkRunOverhead measures per-Run latency (µs/run) and the Go
// allocations of compile.Open/Run on the wasm target, one worker per CPU:
//
//		go test -run XXX -bench RunOverhead -benchmem ./compile/
//
//	  - tiny: one add of f32[1], run in place by the host program (no
//	    launch): the launcher's fixed cost per call — Run's checks, the
//	    frame, input copy-in, the entry call, sync, output copy-out, Go
//	    allocations.
//	  - launch: one add of f32[64] forced through zml_device.launch
//	    (LaunchWork 1): tiny plus one launch and its hand-off to the workers.
//	  - io64k: one add of f32[65536], launched: tiny plus copying 2×256 KiB
//	    in and 256 KiB out (the ir.Tensor conversions) and the add itself.
func BenchmarkRunOverhead(b *testing.B) {
	for _, c := range []struct {
		name string
		n    int64
		opts Options
	}{
		{"tiny", 1, Options{}},
		{"launch", 64, Options{Wasm: wasm.Options{LaunchWork: 1}}},
		{"io64k", 65536, Options{}},
	} {
		b.Run(c.name, func(b *testing.B) {
			bundle, err := Compile(c.name+".mlir", []byte(addOf(strconv.FormatInt(c.n, 10))), c.opts)
			if err != nil {
				b.Fatal(err)
			}
			rt, err := Open(bundle, "", 0)
			if err != nil {
				b.Fatal(err)
			}
			defer rt.Close()
			in := []*ir.Tensor{randT(ir.F32, 1, c.n), randT(ir.F32, 2, c.n)}
			ctx := context.Background()
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := rt.Run(ctx, "main", in); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N), "µs/run")
		})
	}
}
