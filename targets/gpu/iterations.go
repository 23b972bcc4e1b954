package gpu

import (
	"math"

	K "github.com/zmlc/zmlc/targets/kernel"
)

// LavapipeLoopLimit is the most loop iterations one invocation of a
// compute shader may run on Mesa's lavapipe (llvmpipe's gallivm, Mesa
// 22.3 on Debian 12) before its loops are cut short without an error:
// gallivm's LP_MAX_TGSI_LOOP_ITERATIONS (lp_bld_limits.h, "Maximum
// iterations before loop termination. Shared between every loop in a
// TGSI shader"), a counter set once per shader invocation and decremented
// at the end of every iteration of every loop; at zero each loop leaves
// after its current iteration.
//
// Evidence (TestLavapipeLoopLimit, TestUnstagedDotOnDevice): a kernel of
// one serial loop summing 65536 ones returns 65535 on lavapipe, 65535 ones
// return 65535, and kernel.Eval of the same kernel returns 65536; two
// loops of 40000 iterations in one shader run 40000 and 25534 (checked
// with a hand-written SPIR-V module, spirv-val clean). This is the "one
// wrong element" of the unstaged 64x64x64 dot_general (Params.Unstaged):
// one invocation computes a 16x64 block of the output with
// 16x(1+64) + 16x(1+64x(1+64)) = 67616 iterations (zeroing, then
// accumulating), so the last row of each block stops early. The kernels, our SPIR-V and kernel.Eval are right.
//
// The workaround: the vulkan target keeps dot_general and long reductions
// staged through shared memory (the default; Unstaged is for comparisons),
// which spreads the iterations over the workgroup's invocations
// (InvocationIterations of the staged 64^3 dot is 100). Kernels that still
// run more than LavapipeLoopLimit iterations in one invocation (sort,
// scatter, very long serial loops) are wrong on lavapipe only; a driver or
// compile step can refuse them there with InvocationIterations.
const LavapipeLoopLimit = 65535

// InvocationIterations returns how many loop iterations one invocation of
// k runs at most, summed over all its loops (the count gallivm's limiter
// decrements): grid and workgroup loops become invocation ids and add
// nothing themselves, loops of one iteration are not loops once rendered,
// the larger branch of an If counts. It saturates at math.MaxInt64.
func InvocationIterations(k *K.Kernel) int64 { return bodyIterations(k.Body) }

func bodyIterations(body []*K.Node) int64 {
	var n int64
	for _, x := range body {
		switch x.Kind {
		case K.Loop:
			inner := bodyIterations(x.Body)
			switch {
			case x.Level == K.Grid || x.Level == K.Workgroup || x.N == 1:
				n = satAdd(n, inner)
			case x.N > 1:
				n = satAdd(n, satMul(x.N, satAdd(1, inner)))
			}
		case K.If:
			n = satAdd(n, max(bodyIterations(x.Body), bodyIterations(x.Else)))
		}
	}
	return n
}

func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

func satMul(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}
