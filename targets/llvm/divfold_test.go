package llvm

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// TestCPUIndexDivFold: out[x] = (x div 4)*10 + x rem 4 for x = 4*lane + g
// (a vector loop of 16 lanes in a grid loop of 4) renders without a
// division — x div 4 is the lane and x rem 4 is g — and matches EvalKernel;
// a divisor the range does not allow (x div 3) keeps its division.
func TestCPUIndexDivFold(t *testing.T) {
	tgt := cpuTarget(t)
	build := func(c int64) *kernel.Kernel {
		b := kernel.NewBuilder("divs")
		out := b.Param("out", ir.I64, []int64{64}, kernel.Write, 0)
		b.Loop(kernel.Grid, 4, func(g *kernel.Node) {
			b.Loop(kernel.Vector, 16, func(v *kernel.Node) {
				x := b.Bin(kernel.Add, b.Bin(kernel.Mul, v, kernel.Idx(4)), g)
				q := b.Bin(kernel.Mul, b.Bin(kernel.Div, x, kernel.Idx(c)), kernel.Idx(10))
				val := b.Bin(kernel.Add, q, b.Bin(kernel.Rem, x, kernel.Idx(c)))
				b.Store(out, x, b.Convert(val, ir.I64))
			})
		})
		return b.K
	}
	for _, c := range []int64{4, 3} {
		k := build(c)
		if err := kernel.Verify(k); err != nil {
			t.Fatal(err)
		}
		mod := NewModule(tgt)
		rk, err := mod.Add(k, "divs")
		if err != nil {
			t.Fatal(err)
		}
		hasDiv := strings.Contains(mod.String(), "sdiv") || strings.Contains(mod.String(), "srem")
		if hasDiv != (c == 3) {
			t.Errorf("divisor %d: division in the IR %v, want %v", c, hasDiv, c == 3)
		}
		lib := loadCPU(t, mod)
		kern, err := lib.Kernel(rk.Symbol)
		if err != nil {
			t.Fatal(err)
		}
		got := make([]int64, 64)
		heap := make(chan []int64, 1)
		heap <- got // on the heap: the stack may move during the call
		<-heap
		kern.Run([]uint64{uint64(uintptr(unsafe.Pointer(&got[0])))}, rk.Grid, 2)
		lib.Close()
		want := ir.MustTensor(ir.TensorOf(ir.I64, 64))
		if err := kernel.EvalKernel(k, []*ir.Tensor{want}); err != nil {
			t.Fatal(err)
		}
		for i := range got {
			if got[i] != want.I[i] {
				t.Fatalf("divisor %d: out[%d] = %d, want %d", c, i, got[i], want.I[i])
			}
		}
	}
}
