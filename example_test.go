package zmlc_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"log"
	"math"
	"os"
	"path/filepath"

	"github.com/zmlc/zmlc"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/tensorio"
)

// scale is a .zml model with one parameter and a symbolic batch size.
const scale = `model Scale {
  param w: f32[d=3]
  fn forward(x: f32[b=?, d]) -> f32[b, d] { return x * w }
}
`

// Compile a .zml model for the default (wasm) target and look at the
// bundle's entry points.
func ExampleCompile() {
	bundle, err := zmlc.Compile("scale.zml", []byte(scale), zmlc.CompileOptions{Dims: map[string]int64{"b": 2}})
	if err != nil {
		log.Fatal(err)
	}
	m, err := zmlc.Open(bundle, zmlc.OpenOptions{Weights: writeWeights()})
	if err != nil {
		log.Fatal(err)
	}
	defer m.Close()
	for _, e := range m.Entries() {
		fmt.Println(e.Name, e.Inputs[0].DType, e.Inputs[0].Shape, e.Inputs[0].Dims, "->", e.Outputs[0].Shape)
	}
	// Output:
	// forward f32 [2 3] [b ] -> [2 3]
}

// Open a bundle, bind its weights from a safetensors file and run it on
// tensors.
func ExampleModel_Run() {
	bundle, err := zmlc.Compile("scale.zml", []byte(scale), zmlc.CompileOptions{Dims: map[string]int64{"b": 2}})
	if err != nil {
		log.Fatal(err)
	}
	m, err := zmlc.Open(bundle, zmlc.OpenOptions{Weights: writeWeights()})
	if err != nil {
		log.Fatal(err)
	}
	defer m.Close()
	x, err := zmlc.NewTensor("f32", 2, 3)
	if err != nil {
		log.Fatal(err)
	}
	copy(x.F, []float64{1, 2, 3, 4, 5, 6})
	out, err := m.Run(context.Background(), "forward", x)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(out[0].F)
	// Output:
	// [10 40 90 40 100 180]
}

// Run on buffers the caller owns: no tensor is allocated per call, the
// inputs are read from and the outputs written into the caller's slices
// (little-endian f32 here).
func ExampleModel_RunBytes() {
	src := `func.func @add(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %y : tensor<4xf32>
  return %0 : tensor<4xf32>
}`
	bundle, err := zmlc.Compile("add.mlir", []byte(src), zmlc.CompileOptions{})
	if err != nil {
		log.Fatal(err)
	}
	m, err := zmlc.Open(bundle, zmlc.OpenOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer m.Close()
	sizes, err := m.OutputSizes("")
	if err != nil {
		log.Fatal(err)
	}
	x, y := f32Bytes(1, 2, 3, 4), f32Bytes(10, 20, 30, 40)
	out := make([]byte, sizes[0])
	for range 2 { // the second call allocates nothing
		if err := m.RunBytes(context.Background(), "", [][]byte{x, y}, [][]byte{out}); err != nil {
			log.Fatal(err)
		}
	}
	for i := 0; i < len(out); i += 4 {
		fmt.Print(math.Float32frombits(binary.LittleEndian.Uint32(out[i:])), " ")
	}
	fmt.Println()
	// Output:
	// 11 22 33 44
}

// Errors in the source are diagnostics with a position, the source line
// and a caret.
func ExampleCompile_error() {
	src := `func.func @f(%x: tensor<2xf32>) -> tensor<3xf32> {
  return %x : tensor<2xf32>
}`
	_, err := zmlc.Compile("bad.mlir", []byte(src), zmlc.CompileOptions{})
	fmt.Println(err)
	// Output:
	// bad.mlir:2:3: error: 'func.return' op type of return operand 0 ('tensor<2xf32>') doesn't match function result type ('tensor<3xf32>') in function @f
	//   return %x : tensor<2xf32>
	//   ^
}

// writeWeights writes the weights of the Scale model (w = [10, 20, 30]) to
// a safetensors file and returns its path.
func writeWeights() string {
	w := ir.MustTensor(ir.TensorOf(ir.F32, 3))
	copy(w.F, []float64{10, 20, 30})
	dir, err := os.MkdirTemp("", "zmlc-example-")
	if err != nil {
		log.Fatal(err)
	}
	path := filepath.Join(dir, "scale.safetensors")
	if err := tensorio.WriteSafetensors(path, map[string]*ir.Tensor{"w": w}, nil); err != nil {
		log.Fatal(err)
	}
	return path
}

// f32Bytes encodes vs as little-endian f32.
func f32Bytes(vs ...float32) []byte {
	b := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	return b
}
