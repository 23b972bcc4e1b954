package llvm

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/zmlc/zmlc/targets/gpu"
	"github.com/zmlc/zmlc/targets/kernel"
)

// Address spaces shared by NVPTX and AMDGPU.
const (
	spaceGlobal types.AddrSpace = 1
	spaceShared types.AddrSpace = 3
)

// renderGPU renders a GPU-form kernel (targets/gpu) as a ptx_kernel or
// amdgpu_kernel function with one `T addrspace(1)*` parameter per buffer.
func (m *Module) renderGPU(rk *Kernel) error {
	k := legalizeF8(rk.Kernel)
	if err := checkTypes(k); err != nil {
		return err
	}
	if err := gpu.VerifyGPU(k); err != nil {
		return err
	}
	grid, block, err := gpu.Dims(k)
	if err != nil {
		return err
	}
	rk.Grid, rk.Block = grid, block
	var params []*ir.Param
	for _, p := range k.Params {
		mt, _ := memType(p.Elem)
		pt := types.NewPointer(mt)
		pt.AddrSpace = spaceGlobal
		params = append(params, ir.NewParam(kernel.SymbolName(p.Name), pt))
	}
	f := m.IR.NewFunc(rk.Symbol, types.Void, params...)
	f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrNoUnwind)
	if m.Target.Arch == NVPTX {
		f.CallingConv = enum.CallingConvPTXKernel
	} else {
		f.CallingConv = enum.CallingConvAMDGPUKernel
		f.FuncAttrs = append(f.FuncAttrs, ir.AttrPair{Key: "amdgpu-flat-work-group-size", Value: fmt.Sprintf("1,%d", max(block, 1))})
	}
	r := newFn(m, k, f)
	for i, p := range k.Params {
		r.bases[p] = params[i]
	}
	for _, s := range k.Shared {
		mt, _ := memType(s.Elem)
		arr := types.NewArray(uint64(max(s.Len(), 1)), mt)
		// The buffer index keeps names unique: a kernel may hold several
		// shared buffers of one name (the staged convolution's "window"s).
		g := m.IR.NewGlobalDef(kernel.SymbolName(fmt.Sprintf("%s_%s%d", rk.Symbol, s.Name, s.Index)), constant.NewUndef(arr))
		g.Linkage = enum.LinkageInternal
		g.Align = 16
		g.AddrSpace = spaceShared
		pt := types.NewPointer(arr)
		pt.AddrSpace = spaceShared
		g.Typ = pt
		ep := types.NewPointer(mt)
		ep.AddrSpace = spaceShared
		r.bases[s] = constant.NewGetElementPtr(arr, g, constant.NewInt(types.I64, 0), constant.NewInt(types.I64, 0))
	}
	if err := r.body(k.Body); err != nil {
		return err
	}
	r.cur.NewRet(nil)
	return nil
}

// gpuIndex returns the index of a GPU grid loop (the workgroup id) or
// workgroup loop (the local invocation id), as i64; ok is false for other
// loops and on the cpu.
func (r *fn) gpuIndex(n *kernel.Node) (value.Value, bool, error) {
	arch := r.m.Target.Arch
	if arch == CPU || (n.Level != kernel.Grid && n.Level != kernel.Workgroup) {
		return nil, false, nil
	}
	var name string
	switch {
	case arch == NVPTX && n.Level == kernel.Grid:
		name = "llvm.nvvm.read.ptx.sreg.ctaid.x"
	case arch == NVPTX:
		name = "llvm.nvvm.read.ptx.sreg.tid.x"
	case n.Level == kernel.Grid:
		name = "llvm.amdgcn.workgroup.id.x"
	default:
		name = "llvm.amdgcn.workitem.id.x"
	}
	id := r.cur.NewCall(r.m.decl(name, types.I32))
	return r.cur.NewZExt(id, types.I64), true, nil
}

// barrier renders a workgroup barrier.
func (r *fn) barrier() error {
	switch r.m.Target.Arch {
	case NVPTX:
		r.cur.NewCall(r.m.decl("llvm.nvvm.barrier0", types.Void))
	case AMDGPU:
		rel := r.cur.NewFence(enum.AtomicOrderingRelease)
		rel.SyncScope = "workgroup"
		r.cur.NewCall(r.m.decl("llvm.amdgcn.s.barrier", types.Void))
		acq := r.cur.NewFence(enum.AtomicOrderingAcquire)
		acq.SyncScope = "workgroup"
	default:
		return fmt.Errorf("barriers are not supported on the cpu target")
	}
	return nil
}
