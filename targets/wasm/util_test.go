package wasm_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/wasm"
)

// compileOpts launches every kernel with more than one workgroup through
// zml_device.launch, so that the corpus exercises the worker split.
var compileOpts = wasm.Options{LaunchWork: -1}

// runCompiled lowers m's @main for the wasm target with compileOpts, opens
// the bundle with the given number of workers and runs it on in.
func runCompiled(t testing.TB, m *ir.Module, workers int, in []*ir.Tensor) []*ir.Tensor {
	t.Helper()
	l, err := compile.LowerModule(m, compile.Options{Entry: "main", Wasm: compileOpts})
	if err != nil {
		t.Fatal(err)
	}
	bundle, err := l.Bundle(compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := compile.Open(bundle, "", workers)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	got, err := rt.Run(context.Background(), "main", in)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func itoa(i int) string     { return strconv.Itoa(i) }
func itoa64(i int64) string { return strconv.FormatInt(i, 10) }
func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
