package kernel

import (
	"math"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// TestVerifyRejects builds small malformed kernels and checks the error.
func TestVerifyRejects(t *testing.T) {
	cases := []struct {
		name  string
		build func(b *Builder)
		want  string
	}{
		{"store to read-only", func(b *Builder) {
			p := b.Param("a", ir.F32, []int64{4}, Read, 0)
			b.Store(p, Idx(0), ConstOf(ir.F32, 1.0))
		}, "read-only"},
		{"load from write-only", func(b *Builder) {
			p := b.Param("a", ir.F32, []int64{4}, Write, 0)
			b.Load(p, Idx(0))
		}, "write-only"},
		{"out of bounds", func(b *Builder) {
			p := b.Param("a", ir.F32, []int64{4}, Write, 0)
			b.Loop(Serial, 5, func(i *Node) { b.Store(p, i, ConstOf(ir.F32, 1.0)) })
		}, "outside"},
		{"type mismatch", func(b *Builder) {
			p := b.Param("a", ir.F32, []int64{4}, Read, 0)
			x := b.Load(p, Idx(0))
			b.emit(&Node{Kind: Add, Type: ir.F32, Args: []*Node{x, ConstOf(ir.I32, 1)}})
		}, "differ"},
		{"use outside scope", func(b *Builder) {
			p := b.Param("a", ir.F32, []int64{4}, ReadWrite, 0)
			var inner *Node
			b.Loop(Serial, 4, func(i *Node) { inner = b.Load(p, i) })
			b.Store(p, Idx(0), inner)
		}, "not defined before use"},
		{"grid inside serial", func(b *Builder) {
			p := b.Param("a", ir.F32, []int64{4, 4}, Write, 0)
			b.Loop(Serial, 4, func(i *Node) {
				b.Loop(Grid, 4, func(j *Node) { b.Store(p, b.Offset(p, []*Node{i, j}), ConstOf(ir.F32, 0.0)) })
			})
		}, "grid loop"},
		{"branch in vector loop", func(b *Builder) {
			p := b.Param("a", ir.F32, []int64{4}, Write, 0)
			b.Loop(Vector, 4, func(i *Node) {
				b.If(b.Bin(LT, i, Idx(2)), func() { b.Store(p, i, ConstOf(ir.F32, 0.0)) }, nil)
			})
		}, "straight-line"},
		{"float op on ints", func(b *Builder) {
			p := b.Param("a", ir.I32, []int64{4}, ReadWrite, 0)
			b.Store(p, Idx(0), b.Un(Exp, b.Load(p, Idx(1))))
		}, "not defined on i32"},
	}
	for _, c := range cases {
		b := NewBuilder("k")
		c.build(b)
		err := Verify(b.K)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

// TestUnsupportedOpError checks that a rejected op is named with its location.
func TestUnsupportedOpError(t *testing.T) {
	m := parse(t, `func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @no_such_target(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`)
	_, err := Lower(m, "main", TargetParams{})
	if err == nil || !strings.Contains(err.Error(), "test.mlir:2:") || !strings.Contains(err.Error(), "stablehlo.custom_call") {
		t.Fatalf("got %v, want a positioned error naming stablehlo.custom_call", err)
	}
}

// TestEvalScalarSemantics spot-checks corner cases of the scalar kinds.
func TestEvalScalarSemantics(t *testing.T) {
	i32 := func(v int64) val { return val{i: v} }
	if r := evalBinary(Div, ir.I32, i32(7), i32(0), false); r.i != -1 {
		t.Errorf("7/0 = %d, want -1", r.i)
	}
	if r := evalBinary(Rem, ir.I32, i32(-7), i32(3), false); r.i != -1 {
		t.Errorf("-7 rem 3 = %d, want -1", r.i)
	}
	if r := evalBinary(Add, ir.I8, i32(127), i32(1), false); r.i != -128 {
		t.Errorf("127+1 in i8 = %d, want -128", r.i)
	}
	if r := evalBinary(ShrA, ir.I8, i32(-128), i32(9), false); r.i != -1 {
		t.Errorf("-128 >>a 9 = %d, want -1", r.i)
	}
	nan := val{f: ir.RoundFloat(0, ir.F32)}
	nan.f = nan.f / nan.f
	if r := evalBinary(Max, ir.F32, nan, val{f: 1}, false); r.f == r.f {
		t.Errorf("max(NaN, 1) = %v, want NaN", r.f)
	}
	if r := evalConvert(val{f: 3e10}, ir.F32, ir.I32); r.i != 1<<31-1 {
		t.Errorf("convert 3e10 to i32 = %d, want saturation", r.i)
	}
	negZero := val{f: math.Copysign(0, -1)}
	if r := evalBinary(LT, ir.F32, negZero, val{f: 0}, true); r.i != 1 {
		t.Errorf("totalOrder -0 < +0 = %d, want 1", r.i)
	}
	if r := evalBinary(LT, ir.F32, negZero, val{f: 0}, false); r.i != 0 {
		t.Errorf("IEEE -0 < +0 = %d, want 0", r.i)
	}
}
