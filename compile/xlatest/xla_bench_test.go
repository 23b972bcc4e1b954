package xlatest

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
)

// BenchmarkXLAPeer runs the same programs on zmlc's cpu target and on
// XLA's CPU compiler through PJRT (the xla-cpu target, the engine ZML
// runs on) in one run, alternating the two, and reports each one's best
// time per call and their ratio (xla/cpu: above 1, zmlc is faster): both
// MNIST models at batch 1 and 64 and a 1024x1024x1024 f32 dot_general.
// Best times, because the machine may be shared.
//
//	go test -run XXX -bench XLAPeer -benchtime 20x ./compile/xlatest/
func BenchmarkXLAPeer(b *testing.B) {
	needLLVM(b)
	plugin := needPJRT(b)
	type benchCase struct {
		name, file, src, weights string
		dims                     map[string]int64
	}
	var cases []benchCase
	for _, m := range []mnistModel{mnistMLP, mnistCNN} {
		src, err := os.ReadFile(m.src)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := os.Stat(m.weights); err != nil {
			b.Logf("%s: %v, skipped", m.name, err)
			continue
		}
		for _, batch := range []int64{1, 64} {
			cases = append(cases, benchCase{fmt.Sprintf("mnist-%s/b%d", m.name, batch), m.src, string(src), m.weights, map[string]int64{"b": batch}})
		}
	}
	cases = append(cases, benchCase{name: "dot1024", file: "dot.mlir", src: strings.ReplaceAll(dot512, "512", "1024")})
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			open := func(target string) (*runtime.Runtime, [][]byte, [][]byte) {
				bundle, err := compile.Compile(c.file, []byte(c.src), compile.Options{Target: target, Dims: c.dims})
				if err != nil {
					b.Fatal(err)
				}
				o := compile.OpenOptions{Weights: c.weights}
				if target == "xla-cpu" {
					o.Drivers.PJRT.Plugin = plugin
				}
				rt, err := compile.OpenWith(bundle, o)
				if err != nil {
					b.Fatal(err)
				}
				e := rt.Manifest().Entries[0]
				var in, out [][]byte
				for i, v := range e.Inputs {
					et, _ := ir.ParseElementType(v.DType)
					x := randT(et, uint64(i+1), v.Shape...)
					if et == ir.UI8 {
						for j := range x.I {
							x.I[j] &= 0xff
						}
					}
					in = append(in, ir.TensorBytes(x))
				}
				sizes, _ := rt.OutputSizes(e.Name)
				for _, n := range sizes {
					out = append(out, make([]byte, n))
				}
				return rt, in, out
			}
			best := map[string]time.Duration{}
			rts := map[string]*runtime.Runtime{}
			ins, outs := map[string][][]byte{}, map[string][][]byte{}
			for _, target := range []string{"cpu", "xla-cpu"} {
				rt, in, out := open(target)
				defer rt.Close()
				rts[target], ins[target], outs[target] = rt, in, out
				best[target] = time.Duration(1<<63 - 1)
			}
			run := func(target string) {
				rt := rts[target]
				t0 := time.Now()
				if err := rt.RunBytes(context.Background(), rt.Manifest().Entries[0].Name, ins[target], outs[target]); err != nil {
					b.Fatal(err)
				}
				best[target] = min(best[target], time.Since(t0))
			}
			run("cpu") // warm-up: prologues, uploads of the weights
			run("xla-cpu")
			best["cpu"], best["xla-cpu"] = time.Duration(1<<63-1), time.Duration(1<<63-1)
			b.ResetTimer()
			for range b.N {
				run("cpu")
				run("xla-cpu")
			}
			ratio := float64(best["xla-cpu"]) / float64(best["cpu"])
			b.ReportMetric(float64(best["cpu"].Microseconds()), "cpu-best-us")
			b.ReportMetric(float64(best["xla-cpu"].Microseconds()), "xla-best-us")
			b.ReportMetric(ratio, "xla/cpu")
			b.Logf("%s: cpu %v, xla-cpu %v (best of %d each): xla/cpu = %.2f", c.name, best["cpu"], best["xla-cpu"], b.N, ratio)
		})
	}
}
