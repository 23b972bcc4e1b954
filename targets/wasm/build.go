package wasm

import (
	"fmt"
	"slices"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// Options tune the rendering.
type Options struct {
	// LaunchWork is the estimated number of scalar operations below which
	// a kernel is called in place by the host program instead of launched
	// across the workers (zml_device.launch); 0 means DefaultLaunchWork,
	// a negative value launches every kernel with more than one
	// workgroup.
	LaunchWork int64
	// Device, when set, makes the kernels those of an external module (a
	// device target's so, ptx, hsaco or spirv module, built elsewhere):
	// Build renders none of them, and the host program launches each with
	// zml_device.launch and treats handles as opaque device handles
	// (constants, copies and control-flow predicates go through
	// zml_device.copy; docs/RUNTIME.md, section 3).
	Device *Device
}

// Device says how the host program launches the kernels of an external
// module.
type Device struct {
	// Module is the manifest module index the kernels belong to.
	Module int
	// Modules, when set, gives per Program the module index of its
	// kernels instead (the tpu and neuron targets: one compiled XLA
	// executable, one module, per entry).
	Modules []int
	// Kernels holds, per Program and per kernel of that Program (in
	// Program.Kernels order), how to launch it.
	Kernels [][]DeviceKernel
}

// DeviceKernel is one kernel of an external module.
type DeviceKernel struct {
	// Index is the kernel's index in the module's kernel table.
	Index int
	// Grid is the number of workgroups along x; Block the work items of
	// one workgroup along x (1 on the cpu target).
	Grid, Block int64
}

// DefaultLaunchWork is the default Options.LaunchWork: below it, the cost
// of waking the worker goroutines exceeds the work.
const DefaultLaunchWork = 1 << 15

// Entry is one compiled entry point.
type Entry struct {
	Name    string          // the function's name, e.g. "forward"
	Export  string          // the host program's export, zml_entry_<name>
	Program *kernel.Program // its schedule
	Params  []string        // weight names of its parameters, in frame order
}

// Output is the result of Build: the host program and what the manifest
// needs from it.
type Output struct {
	Module *Module
	Wasm   []byte
	// Kernels is the wasm-self module's kernel table (docs/RUNTIME.md,
	// section 4), in launch-index order; empty under Options.Device.
	Kernels []emit.Kernel
	// Params are the weight names in frame-slot order (the manifest's
	// parameters), with the Program buffer describing each.
	Params   []string
	ParamBuf map[string]*kernel.ProgBuffer
	Entries  []Entry
}

// Build renders the Programs (one per entry function; their Input buffers
// with a Param name are weights, shared by name across entries) as one
// host program, and validates it with wazero (validate.go). Errors name
// the kernel and the StableHLO op it came from, or the invalid function.
func Build(progs []*kernel.Program, opts Options) (*Output, error) {
	if opts.LaunchWork == 0 {
		opts.LaunchWork = DefaultLaunchWork
	}
	if d := opts.Device; d != nil && len(d.Kernels) != len(progs) {
		return nil, fmt.Errorf("wasm target: the device module describes the kernels of %d programs, there are %d", len(d.Kernels), len(progs))
	}
	m := &Module{Imports: deviceImports, MemMax: 65536}
	h := newHelpers(m)
	out := &Output{Module: m, ParamBuf: map[string]*kernel.ProgBuffer{}}
	params := map[string]int{}
	for _, p := range progs {
		for _, id := range p.Inputs {
			pb := p.Buffers[id]
			if pb.Param == "" {
				continue
			}
			if prev, ok := out.ParamBuf[pb.Param]; ok {
				if prev.Elem != pb.Elem || !slices.Equal(prev.Shape, pb.Shape) {
					return nil, fmt.Errorf("wasm target: weight %q has type %s in one entry and %s in another", pb.Param, ir.TensorOf(prev.Elem, prev.Shape...), ir.TensorOf(pb.Elem, pb.Shape...))
				}
				continue
			}
			params[pb.Param] = len(out.Params)
			out.Params = append(out.Params, pb.Param)
			out.ParamBuf[pb.Param] = pb
		}
	}
	// Static memory: [8, 16) scratch for predicates read back from a
	// device, [16, 16+args) the launch argument slots, then the constants,
	// 64-byte aligned.
	maxArgs := 1
	for _, p := range progs {
		for _, k := range p.Kernels {
			maxArgs = max(maxArgs, len(k.Params))
		}
	}
	argsAddr := uint32(16)
	next := int64(argsAddr) + int64(8*maxArgs)
	align := func(v, a int64) int64 { return (v + a - 1) / a * a }
	var gens []*hostGen
	for pi, p := range progs {
		g := &hostGen{p: p, consts: map[int]uint32{}, argsAddr: argsAddr, opts: opts, dev: opts.Device}
		if d := opts.Device; d != nil {
			g.module = d.Module
			if pi < len(d.Modules) {
				g.module = d.Modules[pi]
			}
		}
		for id, pb := range p.Buffers {
			if pb.Kind != kernel.Constant {
				continue
			}
			next = align(next, 64)
			if pb.Data == nil {
				return nil, fmt.Errorf("wasm target: constant buffer buf%d has no data", id)
			}
			data := ir.TensorBytes(pb.Data)
			if next+int64(len(data)) >= 1<<31 {
				return nil, fmt.Errorf("wasm target: constants exceed 2 GiB")
			}
			g.consts[id] = uint32(next)
			if len(data) > 0 {
				m.Data = append(m.Data, Data{Addr: uint32(next), Bytes: data})
			}
			next += max(int64(len(data)), 1)
		}
		prefix := ""
		if len(progs) > 1 {
			prefix = kernel.SymbolName(p.Entry) + "_"
		}
		if d := opts.Device; d != nil {
			if len(d.Kernels[pi]) != len(p.Kernels) {
				return nil, fmt.Errorf("wasm target: entry %s has %d kernels, the device module describes %d", p.Entry, len(p.Kernels), len(d.Kernels[pi]))
			}
			for _, dk := range d.Kernels[pi] {
				g.kernels = append(g.kernels, kernelRef{index: dk.Index, grid: dk.Grid, block: dk.Block})
			}
			gens = append(gens, g)
			continue
		}
		for _, k := range p.Kernels {
			sym := "zml_kernel_" + prefix + kernel.SymbolName(k.Name)
			rk, err := renderKernel(k, sym, h)
			if err != nil {
				return nil, err
			}
			m.Funcs = append(m.Funcs, rk.Func)
			ref := kernelRef{index: len(out.Kernels), fn: m.FuncIndex(len(m.Funcs) - 1), grid: rk.Grid, work: rk.Work}
			g.kernels = append(g.kernels, ref)
			ek := emit.Kernel{Name: prefix + k.Name, Symbol: sym}
			for _, bp := range k.Params {
				ek.Args = append(ek.Args, emit.KernelArg{Kind: emit.ArgBuffer, Access: bp.Role.String()})
			}
			out.Kernels = append(out.Kernels, ek)
		}
		gens = append(gens, g)
	}
	for _, g := range gens {
		name := "zml_entry_" + kernel.SymbolName(g.p.Entry)
		f, err := g.entry(name, params)
		if err != nil {
			return nil, err
		}
		m.Funcs = append(m.Funcs, f)
		e := Entry{Name: g.p.Entry, Export: name, Program: g.p}
		out.Entries = append(out.Entries, e)
	}
	heapBase := align(next, 4096)
	m.Globals = []Global{{Name: "zml_heap_base", Value: int32(heapBase), Export: true}}
	m.MemMin = uint32(max(1, align(heapBase, 65536)/65536))
	if testHookModule != nil {
		testHookModule(m)
	}
	var err error
	out.Wasm, err = m.Encode()
	if err != nil {
		return nil, err
	}
	if err := validate(m, out.Wasm); err != nil {
		return nil, err
	}
	return out, nil
}
