package wasm

import (
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/targets/kernel"
)

// tiledPrograms are kernels whose reductions the renderer keeps in v128
// locals: a dense layer, NHWC convolutions (an even input feature count
// accumulates two features per step: out = (out + x) + y), and a strided
// store (NCHW output) that needs lane loads and stores.
var tiledPrograms = map[string]string{
	"dot": `func.func @main(%a: tensor<6x40xf32>, %b: tensor<40x24xf32>) -> tensor<6x24xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<6x40xf32>, tensor<40x24xf32>) -> tensor<6x24xf32>
  return %0 : tensor<6x24xf32>
}`,
	"conv_nhwc": `func.func @main(%x: tensor<2x6x6x3xf32>, %w: tensor<3x3x3x12xf32>) -> tensor<2x4x4x12xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x3xf32>, tensor<3x3x3x12xf32>) -> tensor<2x4x4x12xf32>
  return %0 : tensor<2x4x4x12xf32>
}`,
	"conv_cin4_pairs": `func.func @main(%x: tensor<1x6x7x4xf32>, %w: tensor<3x3x4x16xf32>) -> tensor<1x4x5x16xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x7x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x4x5x16xf32>
  return %0 : tensor<1x4x5x16xf32>
}`,
	"conv_nchw_out": `func.func @main(%x: tensor<2x6x6x3xf32>, %w: tensor<3x3x3x10xf32>) -> tensor<2x10x5x5xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 0], [0, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x3xf32>, tensor<3x3x3x10xf32>) -> tensor<2x10x5x5xf32>
  return %0 : tensor<2x10x5x5xf32>
}`,
}

func TestPromoteApplies(t *testing.T) {
	for name, src := range tiledPrograms {
		t.Run(name, func(t *testing.T) {
			m, err := asm.Parse(name+".mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			p, err := kernel.Lower(m, "main", kernel.TargetParams{})
			if err != nil {
				t.Fatal(err)
			}
			h := newHelpers(&Module{})
			rk, err := renderKernel(p.Kernels[0], "k", h)
			if err != nil {
				t.Fatal(err)
			}
			if rk.Promoted == 0 {
				t.Errorf("no accumulation promoted in\n%s", p.Kernels[0])
			}
		})
	}
}

// TestPromoteRejects: loops whose accumulate address changes across the
// loop, or that hold other stores, keep their memory accesses.
func TestPromoteRejects(t *testing.T) {
	src := `func.func @main(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.add %a, %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}`
	m, err := asm.Parse("x.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := kernel.Lower(m, "main", kernel.TargetParams{})
	if err != nil {
		t.Fatal(err)
	}
	rk, err := renderKernel(p.Kernels[0], "k", newHelpers(&Module{}))
	if err != nil {
		t.Fatal(err)
	}
	if rk.Promoted != 0 {
		t.Errorf("an elementwise kernel was promoted:\n%s", p.Kernels[0])
	}
}

// TestPromoteDisjoint: several accumulate stores in one vector loop are
// promoted together only when no two can touch the same element: out[j]
// and out[j+d] over j < 8 overlap for |d| < 8.
func TestPromoteDisjoint(t *testing.T) {
	for _, tc := range []struct {
		d    int64
		want bool
	}{{8, true}, {9, true}, {4, false}, {7, false}} {
		b := kernel.NewBuilder("acc")
		x := b.Param("x", ir.F32, []int64{16}, kernel.Read, 0)
		out := b.Param("out", ir.F32, []int64{32}, kernel.ReadWrite, 1)
		b.Loop(kernel.Serial, 16, func(k *kernel.Node) {
			a := b.Load(x, k)
			b.Loop(kernel.Vector, 8, func(j *kernel.Node) {
				for _, off := range []*kernel.Node{j, b.Bin(kernel.Add, j, kernel.Idx(tc.d))} {
					b.Store(out, off, b.Bin(kernel.Add, b.Load(out, off), a))
				}
			})
		})
		rk, err := renderKernel(b.K, "k", newHelpers(&Module{}))
		if err != nil {
			t.Fatal(err)
		}
		if got := rk.Promoted > 0; got != tc.want {
			t.Errorf("stores at j and j+%d: promoted %v, want %v", tc.d, got, tc.want)
		}
	}
}
