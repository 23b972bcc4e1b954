package llvm

import (
	"context"
	"fmt"
	"math/rand"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/runtime/cpu"
	"github.com/zmlc/zmlc/targets/kernel"
)

// gemmSrc holds products the packed GEMM lowering takes on the cpu:
// ragged edges, two KC blocks, a padded KC block with a bias+relu
// epilogue, and a batched product with a transposed right-hand side.
const gemmSrc = `
func.func public @ragged(%a: tensor<45x300xf32>, %b: tensor<300x70xf32>) -> tensor<45x70xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<45x300xf32>, tensor<300x70xf32>) -> tensor<45x70xf32>
  return %0 : tensor<45x70xf32>
}
func.func public @fused(%a: tensor<30x257xf32>, %b: tensor<257x32xf32>, %c: tensor<32xf32>) -> tensor<30x32xf32> {
  %0 = "zml.fusion"(%a, %b, %c) ({
  ^bb0(%x: tensor<30x257xf32>, %w: tensor<257x32xf32>, %bias: tensor<32xf32>):
    %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<30x257xf32>, tensor<257x32xf32>) -> tensor<30x32xf32>
    %bb = stablehlo.broadcast_in_dim %bias, dims = [1] : (tensor<32xf32>) -> tensor<30x32xf32>
    %s = stablehlo.add %d, %bb : tensor<30x32xf32>
    %z = stablehlo.constant dense<0.0> : tensor<30x32xf32>
    %r = stablehlo.maximum %s, %z : tensor<30x32xf32>
    stablehlo.return %r : tensor<30x32xf32>
  }) : (tensor<30x257xf32>, tensor<257x32xf32>, tensor<32xf32>) -> tensor<30x32xf32>
  return %0 : tensor<30x32xf32>
}
func.func public @batched(%a: tensor<2x14x40xf32>, %b: tensor<2x20x40xf32>) -> tensor<2x14x20xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x14x40xf32>, tensor<2x20x40xf32>) -> tensor<2x14x20xf32>
  return %0 : tensor<2x14x20xf32>
}
`

// gemmK is the contraction length of each gemmSrc function.
var gemmK = map[string]int64{"ragged": 300, "fused": 257, "batched": 40}

// TestCPUPackedGemm runs the packed GEMM kernels on the cpu (2 threads)
// and compares with the interpreter within K*2^-24 of the tensor's
// largest magnitude: the kernels fuse each multiply-add (llvm.fma, one
// rounding per step where the interpreter rounds twice).
func TestCPUPackedGemm(t *testing.T) {
	tgt := cpuTarget(t)
	m, err := asm.Parse("gemm.mlir", []byte(gemmSrc))
	if err != nil {
		t.Fatal(err)
	}
	var progs []*kernel.Program
	for _, f := range m.Funcs {
		p, err := kernel.Lower(m, f.Name, cpuParams)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if len(p.Kernels) != 1 || !strings.Contains(p.Kernels[0].Source, "packed gemm") {
			t.Fatalf("%s: not one packed gemm kernel:\n%s", f.Name, p)
		}
		progs = append(progs, p)
	}
	mod, err := Render(progs, tgt)
	if err != nil {
		t.Fatal(err)
	}
	lib := loadCPU(t, mod)
	defer lib.Close()
	for fi, f := range m.Funcs {
		rk := mod.Kernels[fi]
		k, err := lib.Kernel(rk.Symbol)
		if err != nil {
			t.Fatal(err)
		}
		h := &hostRun{p: progs[fi], workers: 2, kernels: []*cpu.Kernel{k}, grids: []int64{rk.Grid}}
		rng := rand.New(rand.NewSource(1))
		var ins []*ir.Tensor
		for _, in := range f.Type.Inputs {
			ins = append(ins, randomTensor(rng, in.(*ir.TensorType)))
		}
		want, err := corpustest.Interpret(m, f.Name, ins...)
		if err != nil {
			t.Fatal(err)
		}
		got, err := h.run(ins...)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		tol := corpustest.Tolerance{F32: float64(gemmK[f.Name]) * 0x1p-24}
		if err := corpustest.Compare(got[0], want[0], tol); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
}

// TestCPUGemmMicroKernelAssembly checks the x86-64-v3 code of a packed
// GEMM: its hottest loop (the one with the most FMAs) holds the 6x16
// micro-kernel's 12 vfmadd231ps on ymm registers per k step and no spill
// or reload.
func TestCPUGemmMicroKernelAssembly(t *testing.T) {
	needTools(t, ToolOpt, ToolLLC)
	tgt, err := CPUTarget("")
	if err != nil {
		t.Skip(err)
	}
	if tgt.Triple != "x86_64-unknown-linux-gnu" {
		t.Skip("x86-64 assembly")
	}
	_, _, mod := renderMain(t, tgt, strings.ReplaceAll(dotSquare, "N", "96"), cpuParams)
	s, err := EmitAssembly(context.Background(), mod)
	if err != nil {
		t.Fatal(err)
	}
	loops := asmLoops(s)
	best := ""
	for _, l := range loops {
		if strings.Count(l, "vfmadd") > strings.Count(best, "vfmadd") {
			best = l
		}
	}
	fmas := regexp.MustCompile(`vfmadd\d+ps\s+[^\n]*ymm`).FindAllString(best, -1)
	if len(fmas)%12 != 0 || len(fmas) == 0 {
		t.Errorf("hottest loop has %d ymm FMAs, want a multiple of 12 (6x16 micro-kernel):\n%s", len(fmas), best)
	}
	if strings.Contains(best, "Spill") || strings.Contains(best, "Reload") {
		t.Errorf("micro-kernel loop spills:\n%s", best)
	}
}

const dotSquare = `func.func @main(%a: tensor<NxNxf32>, %b: tensor<NxNxf32>) -> tensor<NxNxf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<NxNxf32>, tensor<NxNxf32>) -> tensor<NxNxf32>
  return %0 : tensor<NxNxf32>
}`

// asmLoops returns the innermost loops of x86 assembly text: the lines
// from a label to the last jump back to it, for each backward jump.
func asmLoops(s string) []string {
	lines := strings.Split(s, "\n")
	labels := map[string]int{}
	var loops []string
	for i, l := range lines {
		if c := strings.IndexByte(l, '#'); c >= 0 {
			l = l[:c]
		}
		f := strings.Fields(l)
		if len(f) == 1 && strings.HasPrefix(f[0], ".LBB") && strings.HasSuffix(f[0], ":") {
			labels[strings.TrimSuffix(f[0], ":")] = i
		}
		if len(f) == 2 && strings.HasPrefix(f[0], "j") {
			if start, ok := labels[f[1]]; ok {
				loops = append(loops, strings.Join(lines[start:i+1], "\n"))
			}
		}
	}
	return loops
}

// BenchmarkCPUPackedGemm runs the square f32 packed GEMM kernel (n = 512,
// 1024; --cpu=native with CPULanes' vectors; 2 threads) on buffers already in place, without the
// runtime's copies: GFLOP/s of the mean and of the best run.
//
//	go test -run XXX -bench CPUPackedGemm ./targets/llvm/
func BenchmarkCPUPackedGemm(b *testing.B) {
	if _, err := ToolLLC.Path(); err != nil {
		b.Skip(err)
	}
	for _, n := range []int64{512, 1024} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			tgt, err := CPUTarget("native")
			if err != nil {
				b.Skip(err)
			}
			params := cpuParams
			params.VectorWidth = CPULanes("native")
			_, _, mod := renderMain(b, tgt, strings.ReplaceAll(dotSquare, "N", fmt.Sprint(n)), params)
			lib := loadCPU(b, mod)
			defer lib.Close()
			k, err := lib.Kernel(mod.Kernels[0].Symbol)
			if err != nil {
				b.Fatal(err)
			}
			bufs := make([]uint64, 3)
			for i := range bufs {
				buf := alloc(n * n * 4)
				bufs[i] = uint64(uintptr(unsafe.Pointer(&buf[0])))
				defer runtime.KeepAlive(buf)
			}
			grid := mod.Kernels[0].Grid
			k.Run(bufs, grid, 2)
			best := time.Duration(1<<63 - 1)
			b.ResetTimer()
			for range b.N {
				t0 := time.Now()
				k.Run(bufs, grid, 2)
				best = min(best, time.Since(t0))
			}
			flops := 2 * float64(n*n*n)
			b.ReportMetric(flops*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			b.ReportMetric(flops/best.Seconds()/1e9, "best-GFLOP/s")
		})
	}
}

// TestCPULanes: the default and named CPUs get the x86-64-v3 baseline's 8
// lanes on amd64 (4 on arm64); native gets 8 or 16.
func TestCPULanes(t *testing.T) {
	base := 8
	if runtime.GOARCH == "arm64" {
		base = 4
	}
	for _, c := range []string{"", "x86-64-v3", "znver4"} {
		if got := CPULanes(c); got != base {
			t.Errorf("CPULanes(%q) = %d, want %d", c, got, base)
		}
	}
	if got := CPULanes("native"); got != base && got != 16 {
		t.Errorf("CPULanes(native) = %d", got)
	}
}
