package asm

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// largeModule generates a module of nfuncs functions, each a chain of
// elementwise, shape and reduction ops with constants, about 700 ops and
// 60 KB of text per function, in JAX's style.
func largeModule(nfuncs int) []byte {
	var b strings.Builder
	b.WriteString("module @jit_big attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {\n")
	for f := 0; f < nfuncs; f++ {
		fmt.Fprintf(&b, "  func.func public @f%d(%%arg0: tensor<8x16xf32> {mhlo.sharding = \"{replicated}\"}, %%arg1: tensor<16x8xf32>) -> (tensor<8xf32> {jax.result_info = \"\"}) {\n", f)
		b.WriteString("    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>\n")
		b.WriteString("    %cst_0 = stablehlo.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00]> : tensor<8xf32>\n")
		b.WriteString("    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>\n")
		last := 0
		for i := 1; i <= 50; i++ {
			switch i % 5 {
			case 0:
				fmt.Fprintf(&b, "    %%%d = stablehlo.add %%%d, %%%d : tensor<8x8xf32>\n", i, last, last)
			case 1:
				fmt.Fprintf(&b, "    %%%d = stablehlo.tanh %%%d : tensor<8x8xf32>\n", i, last)
			case 2:
				fmt.Fprintf(&b, "    %%%d = stablehlo.transpose %%%d, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>\n", i, last)
			case 3:
				fmt.Fprintf(&b, "    %%%d = stablehlo.broadcast_in_dim %%cst_0, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>\n", i)
				fmt.Fprintf(&b, "    %%%d_c = stablehlo.compare  GT, %%%d, %%%d,  FLOAT : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>\n", i, i, last)
				fmt.Fprintf(&b, "    %%%d_s0 = stablehlo.select %%%d_c, %%%d, %%%d : tensor<8x8xi1>, tensor<8x8xf32>\n", i, i, i, last)
				// A chain of binary ops on named values, as JAX emits them.
				ops := []string{"add", "multiply", "subtract", "maximum", "minimum", "divide"}
				for k := 1; k < 60; k++ {
					fmt.Fprintf(&b, "    %%%d_s%d = stablehlo.%s %%%d_s%d, %%%d : tensor<8x8xf32>\n", i, k, ops[k%len(ops)], i, k-1, last)
				}
				fmt.Fprintf(&b, "    %%%d_t = stablehlo.negate %%%d_s59 : tensor<8x8xf32>\n", i, i)
			case 4:
				fmt.Fprintf(&b, "    %%%d = stablehlo.multiply %%%d_t, %%%d : tensor<8x8xf32>\n", i, last, last)
			}
			last = i
		}
		fmt.Fprintf(&b, "    %%r = stablehlo.reduce(%%%d init: %%cst) applies stablehlo.add across dimensions = [1] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>\n", last)
		b.WriteString("    return %r : tensor<8xf32>\n  }\n")
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// BenchmarkParseVerify parses and verifies a generated module of several
// megabytes and thousands of ops, reporting MB/s of source text.
func BenchmarkParseVerify(b *testing.B) {
	src := largeModule(150)
	m, err := Parse("big.mlir", src)
	if err != nil {
		b.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		b.Fatal(err)
	}
	nops := 0
	m.Walk(func(*ir.Op) bool { nops++; return true })
	b.ReportMetric(float64(nops), "ops")
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := Parse("big.mlir", src)
		if err != nil {
			b.Fatal(err)
		}
		if err := ir.Verify(m); err != nil {
			b.Fatal(err)
		}
	}
}
