package xlatest

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
)

// constantsToInputs turns the stablehlo.constant ops at the top level of
// f's body into arguments of f (appended in order) and returns their
// values: fed as inputs, they make the target compute what neither our
// constant folder nor XLA's can fold away.
func constantsToInputs(f *ir.Func) []*ir.Tensor {
	blk := f.Body.Entry()
	repl := map[*ir.Value]*ir.Value{}
	var vals []*ir.Tensor
	var kept []*ir.Op
	for _, o := range blk.Ops {
		d, ok := o.Attr("value").(*ir.DenseElementsAttr)
		if o.Name != "stablehlo.constant" || !ok || len(o.Results) != 1 {
			kept = append(kept, o)
			continue
		}
		a := blk.AddArg(o.Results[0].Type)
		f.Type = &ir.FunctionType{Inputs: append(append([]ir.Type{}, f.Type.Inputs...), a.Type), Results: f.Type.Results}
		repl[o.Results[0]] = a
		vals = append(vals, d.Value)
	}
	blk.Ops = kept
	f.Body.Walk(func(o *ir.Op) bool {
		for i, v := range o.Operands {
			if r, ok := repl[v]; ok {
				o.Operands[i] = r
			}
		}
		return true
	})
	return vals
}

// xlaDeviations are the corpus functions where XLA's CPU compiler departs
// from the StableHLO specification (which the interpreter follows), by
// program form ("" both) and why. Each is checked to still differ, so the
// list cannot outlive the deviation. They apply to the "cpu" platform
// (XLA's CPU plugin); on others (the CUDA plugin of
// scripts/gpu-xla-check.sh) every mismatch is an error.
var xlaDeviations = map[string]struct{ program, why string }{
	"sign.mlir:@sign_f32_inf_and_tiny":            {"", "XLA's CPU runtime flushes subnormal floats to zero (sign of a subnormal gives 0; the spec says 1)"},
	"maximum.mlir:@maximum_complex64":             {"mlir", "XLA's maximum of complex numbers does not order them lexicographically as the spec does (the hlo form compares real then imaginary parts itself)"},
	"reduce_window.mlir:@reduce_window_dilations": {"mlir", "XLA's StableHLO importer maps base_dilations to HLO's, whose holes are skipped; the spec pads them with the init value (the hlo form pads explicitly)"},
}

// TestCorpusXLA runs the op corpus through the xla-cpu target — targets/hlo
// and XLA's own CPU compiler behind the PJRT driver — once compiling the
// StableHLO ("mlir") form and once the HloModuleProto ("hlo"), with every
// top-level constant fed as an input, and compares each result with the
// interpreter's on the same inputs.
func TestCorpusXLA(t *testing.T) {
	platform := pjrtPlatform(t, needPJRT(t))
	for _, program := range []string{"mlir", "hlo"} {
		t.Run(program, func(t *testing.T) {
			open := pjrtOpen(t, program)
			ran := 0
			rejected := map[string]int{}
			corpustest.Funcs(t, func(name string, m *ir.Module, f *ir.Func) {
				inputs := constantsToInputs(f)
				if err := ir.Verify(m); err != nil {
					t.Errorf("%s: with constants as inputs the module does not verify: %v", name, err)
					return
				}
				want, err := corpustest.Interpret(m, f.Name, inputs...)
				if err != nil {
					return // meant to fail at run time
				}
				l, err := compile.LowerModule(m, compile.Options{Target: "xla-cpu", Entry: f.Name})
				if err != nil {
					if !strings.Contains(err.Error(), "hlo target") {
						t.Errorf("%s: rejection does not name the hlo target: %v", name, err)
					}
					msg := err.Error()
					if i := strings.Index(msg, "hlo target: "); i >= 0 {
						msg = msg[i+len("hlo target: "):]
					}
					rejected[msg]++
					return
				}
				bundle, err := l.Bundle(compile.Options{Target: "xla-cpu"})
				if err != nil {
					t.Errorf("%s: bundle: %v", name, err)
					return
				}
				rt, err := compile.OpenWith(bundle, open)
				if err != nil {
					if errors.Is(err, runtime.ErrUnsupported) {
						rejected["refused by the driver: "+err.Error()]++
						return
					}
					t.Errorf("%s: open: %v", name, err)
					return
				}
				defer rt.Close()
				got, err := rt.Run(context.Background(), f.Name, inputs)
				if err != nil {
					t.Errorf("%s: run: %v", name, err)
					return
				}
				diff := ""
				for i := range want {
					if err := corpustest.Compare(got[i], want[i], corpustest.LegalisedMath); err != nil && diff == "" {
						diff = fmt.Sprintf("result %d: %v", i, err)
					}
				}
				if dev, ok := xlaDeviations[name]; ok && platform == "cpu" && (dev.program == "" || dev.program == program) {
					if diff == "" {
						t.Errorf("%s: listed as an XLA deviation (%s) but matches the interpreter: remove it from xlaDeviations", name, dev.why)
					} else {
						t.Logf("%s: known XLA deviation: %s (%s)", name, diff, dev.why)
					}
					return
				}
				if diff != "" {
					t.Errorf("%s: %s", name, diff)
					return
				}
				ran++
			})
			var keys []string
			for k := range rejected {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				t.Logf("rejected (%d): %s", rejected[k], k)
			}
			t.Logf("corpus on xla-cpu (%s, platform %s): %d functions compile, run and match the interpreter", program, platform, ran)
			if ran < 300 {
				t.Errorf("only %d corpus functions ran on xla-cpu (%s)", ran, program)
			}
		})
	}
}
