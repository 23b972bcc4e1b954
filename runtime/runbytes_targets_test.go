package runtime_test

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/targets/llvm"
)

// runBytesPrograms are compiled for TestRunBytesTargets: f32 (a
// dot_general and a broadcast), i1 inputs and outputs, f16 and bf16
// arithmetic with conversions, and wrapping i8 arithmetic.
var runBytesPrograms = map[string]string{
	"f32": `func.func @main(%a: tensor<6x5xf32>, %b: tensor<5x3xf32>, %c: tensor<3xf32>) -> tensor<6x3xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<6x5xf32>, tensor<5x3xf32>) -> tensor<6x3xf32>
  %1 = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<3xf32>) -> tensor<6x3xf32>
  %2 = stablehlo.add %0, %1 : tensor<6x3xf32>
  return %2 : tensor<6x3xf32>
}`,
	"i1": `func.func @main(%p: tensor<4x3xi1>, %a: tensor<4x3xf32>, %b: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xi1>, tensor<4x3xi1>) {
  %0 = stablehlo.select %p, %a, %b : (tensor<4x3xi1>, tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %1 = stablehlo.compare GT, %a, %b : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xi1>
  %2 = stablehlo.xor %p, %1 : tensor<4x3xi1>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<4x3xi1>, tensor<4x3xi1>
}`,
	"f16": `func.func @main(%a: tensor<5x7xf16>, %b: tensor<5x7xf16>) -> (tensor<5x7xf16>, tensor<5x7xf32>) {
  %0 = stablehlo.multiply %a, %b : tensor<5x7xf16>
  %1 = stablehlo.add %0, %a : tensor<5x7xf16>
  %2 = stablehlo.convert %1 : (tensor<5x7xf16>) -> tensor<5x7xf32>
  return %1, %2 : tensor<5x7xf16>, tensor<5x7xf32>
}`,
	"bf16": `func.func @main(%a: tensor<3x9xbf16>, %b: tensor<3x9xf32>) -> (tensor<3x9xbf16>, tensor<3x9xf32>) {
  %0 = stablehlo.convert %b : (tensor<3x9xf32>) -> tensor<3x9xbf16>
  %1 = stablehlo.subtract %a, %0 : tensor<3x9xbf16>
  %2 = stablehlo.convert %1 : (tensor<3x9xbf16>) -> tensor<3x9xf32>
  return %1, %2 : tensor<3x9xbf16>, tensor<3x9xf32>
}`,
	"i8": `func.func @main(%a: tensor<16xi8>, %b: tensor<16xi8>) -> tensor<16xi8> {
  %0 = stablehlo.multiply %a, %b : tensor<16xi8>
  %1 = stablehlo.add %0, %b : tensor<16xi8>
  return %1 : tensor<16xi8>
}`,
}

// needLLVM skips the test when the LLVM tools the cpu target needs are
// missing (fails under CI=true, where they must be installed).
func needLLVM(t *testing.T) {
	t.Helper()
	for _, tool := range []llvm.Tool{llvm.ToolOpt, llvm.ToolLLC, llvm.ToolLLD} {
		if _, err := tool.Path(); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal(err)
			}
			t.Skip(err)
		}
	}
}

// randBytes returns n pseudo-random bytes (xorshift from seed).
func randBytes(seed uint64, n int) []byte {
	s := seed*0x9E3779B97F4A7C15 + 1
	b := make([]byte, n)
	for i := range b {
		s ^= s << 13
		s ^= s >> 7
		s ^= s << 17
		b[i] = byte(s >> 32)
	}
	return b
}

// inputBytes returns the raw bytes of an input of type t: random bytes
// for i1 and the integers (i1 then holds nonzero bytes other than 1),
// floats in [-2, 2) rounded to t's precision, encoded by ir.TensorBytes.
func inputBytes(t *ir.TensorType, seed uint64) []byte {
	n := int(t.NumElements())
	if !t.Elem.IsFloat() {
		return randBytes(seed, n*t.Elem.ByteSize())
	}
	x := ir.MustTensor(t)
	r := randBytes(seed, 2*n)
	for i := range x.F {
		x.F[i] = float64(int(r[2*i])<<8|int(r[2*i+1]))/16384 - 2
	}
	return ir.TensorBytes(x)
}

// TestRunBytesTargets compiles runBytesPrograms for the wasm and cpu
// targets and runs each with RunBytes and with Run on the tensors
// ir.TensorFromBytes makes of the same bytes: every output buffer must
// hold exactly ir.TensorBytes of Run's output, and Run's outputs must
// match the reference interpreter (ir/interp) on those tensors to within
// 1e-2 relative (the f16/bf16 results; the others are exact or nearly).
func TestRunBytesTargets(t *testing.T) {
	for _, target := range []string{"wasm", "cpu"} {
		t.Run(target, func(t *testing.T) {
			if target == "cpu" {
				needLLVM(t)
			}
			for name, src := range runBytesPrograms {
				t.Run(name, func(t *testing.T) {
					checkRunBytes(t, target, name, src)
				})
			}
		})
	}
}

func checkRunBytes(t *testing.T, target, name, src string) {
	bundle, err := compile.Compile(name+".mlir", []byte(src), compile.Options{Target: target})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := compile.Open(bundle, "", 2)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	e := rt.Manifest().Entries[0]
	sizes, err := rt.InputSizes(e.Name)
	if err != nil {
		t.Fatal(err)
	}
	outSizes, err := rt.OutputSizes(e.Name)
	if err != nil {
		t.Fatal(err)
	}
	m, err := asm.Parse(name+".mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for run := range 2 {
		ins := make([][]byte, len(e.Inputs))
		tensors := make([]*ir.Tensor, len(e.Inputs))
		for i, v := range e.Inputs {
			el, _ := ir.ParseElementType(v.DType)
			tt := ir.TensorOf(el, v.Shape...)
			ins[i] = inputBytes(tt, uint64(10*run+i+1))
			if len(ins[i]) != sizes[i] {
				t.Fatalf("input %d: %d bytes, InputSizes says %d", i, len(ins[i]), sizes[i])
			}
			if tensors[i], err = ir.TensorFromBytes(tt, ins[i]); err != nil {
				t.Fatal(err)
			}
		}
		outs := make([][]byte, len(outSizes))
		for i, n := range outSizes {
			outs[i] = bytes.Repeat([]byte{0xA5}, n) // filled whatever they hold
		}
		if err := rt.RunBytes(ctx, e.Name, ins, outs); err != nil {
			t.Fatal(err)
		}
		want, err := rt.Run(ctx, e.Name, tensors)
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range want {
			if wb := ir.TensorBytes(w); !bytes.Equal(outs[i], wb) {
				t.Errorf("run %d output %d (%s): RunBytes\n% x\nRun\n% x", run, i, w.Type, outs[i], wb)
			}
		}
		args := make([]interp.Value, len(tensors))
		for i, x := range tensors {
			args[i] = x
		}
		ref, err := interp.New(m).Call("main", args)
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range want {
			if r, ok := ref[i].(*ir.Tensor); !ok || !near(w, r, 1e-2) {
				t.Errorf("run %d output %d: %v, interpreter %v", run, i, w, ref[i])
			}
		}
	}
}

// near reports whether x and y have the same type and elements, floats
// within tol*(1+|y|) of each other.
func near(x, y *ir.Tensor, tol float64) bool {
	if x.Type.String() != y.Type.String() || len(x.F) != len(y.F) || len(x.I) != len(y.I) {
		return false
	}
	for i, v := range y.F {
		if d := x.F[i] - v; d > tol*(1+max(v, -v)) || d < -tol*(1+max(v, -v)) {
			return false
		}
	}
	for i, v := range y.I {
		if x.I[i] != v {
			return false
		}
	}
	return true
}
