package llvm

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"

	"github.com/zmlc/zmlc/targets/kernel"
)

// Kernel is one rendered kernel and what its launch needs.
type Kernel struct {
	// Name is the kernel's name in the manifest: the kernel IR name,
	// prefixed with its entry's name and "_" when a Module holds several
	// Programs (as the wasm target names them).
	Name string
	// Symbol is the LLVM function (and PTX .entry, HSACO kernel, ELF
	// symbol): zml_kernel_<sanitised Name>.
	Symbol string
	// Grid is the number of workgroups of a launch: on the cpu, the
	// launch range [0, Grid) the driver splits over threads; on GPUs, the
	// grid's x size.
	Grid int64
	// Block is the number of work items per workgroup: the GPU kernel's
	// workgroup size (block x); 1 on the cpu.
	Block int64
	// Kernel is the kernel IR it was rendered from (for the cpu: before
	// the legalisation, which works on a copy).
	Kernel *kernel.Kernel
}

// Module is an LLVM module of rendered kernels for one Target.
type Module struct {
	Target  Target
	IR      *ir.Module
	Kernels []*Kernel

	decls map[string]*ir.Func
	names map[string]bool
}

// NewModule returns an empty module for t: its triple is set, and for
// AMDGPU its data layout (private allocas live in address space 5).
func NewModule(t Target) *Module {
	m := ir.NewModule()
	m.TargetTriple = t.Triple
	if t.Arch == AMDGPU {
		m.DataLayout = amdgpuDataLayout
	}
	return &Module{Target: t, IR: m, decls: map[string]*ir.Func{}, names: map[string]bool{}}
}

// amdgpuDataLayout is LLVM 19's data layout of amdgcn-amd-amdhsa.
const amdgpuDataLayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"

// String returns the module as LLVM IR text (`zmlc --emit=llvm`).
func (m *Module) String() string { return m.IR.String() }

// Render renders every kernel of progs into one module for t. For the cpu,
// progs come from kernel.Lower; for NVPTX and AMDGPU they must be in GPU
// form (targets/gpu's Lower with gpu.CUDA() or gpu.ROCm() parameters).
// With more than one Program, kernel names are prefixed by their entry's
// name. Errors name the kernel and the StableHLO op it came from.
func Render(progs []*kernel.Program, t Target) (*Module, error) {
	m := NewModule(t)
	for _, p := range progs {
		prefix := ""
		if len(progs) > 1 {
			prefix = p.Entry + "_"
		}
		for _, k := range p.Kernels {
			if _, err := m.Add(k, prefix+k.Name); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// Add renders kernel k into m under the manifest name name (its symbol is
// zml_kernel_<sanitised name>) and returns its launch facts. k is not
// modified.
func (m *Module) Add(k *kernel.Kernel, name string) (*Kernel, error) {
	sym := "zml_kernel_" + kernel.SymbolName(name)
	if m.names[sym] {
		return nil, fmt.Errorf("llvm target: two kernels have the symbol %s", sym)
	}
	rk := &Kernel{Name: name, Symbol: sym, Grid: 1, Block: 1, Kernel: k}
	var err error
	switch m.Target.Arch {
	case CPU:
		err = m.renderCPU(rk)
	case NVPTX, AMDGPU:
		err = m.renderGPU(rk)
	default:
		err = fmt.Errorf("unknown target family %d", m.Target.Arch)
	}
	if err != nil {
		src := ""
		if k.Source != "" {
			src = " (" + k.Source + ")"
		}
		return nil, fmt.Errorf("%s target: kernel %s%s: %w", m.Target.Arch, k.Name, src, err)
	}
	m.names[sym] = true
	m.Kernels = append(m.Kernels, rk)
	return rk, nil
}

// decl returns the declaration of an external function (an intrinsic),
// adding it on first use.
func (m *Module) decl(name string, ret types.Type, params ...types.Type) *ir.Func {
	if f, ok := m.decls[name]; ok {
		return f
	}
	var ps []*ir.Param
	for _, p := range params {
		ps = append(ps, ir.NewParam("", p))
	}
	f := m.IR.NewFunc(name, ret, ps...)
	m.decls[name] = f
	return f
}
