package compile

import (
	"errors"
	"fmt"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/hlo"
	"github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/wasm"
)

// xlaTarget describes a target whose code generator is XLA's (targets/hlo;
// docs/RUNTIME.md section 9).
type xlaTarget struct {
	// plugin is the PJRT plugin's usual file name (target option
	// "plugin").
	plugin string
	// mlir: the bundle carries the StableHLO form too (PJRT's "mlir"
	// format, the one launched); neuron's compiler takes HLO only.
	mlir bool
}

// xlaTargets are the tpu (libtpu), neuron (AWS Neuron's PJRT plugin,
// neuronx-cc) and xla-cpu (XLA's own CPU plugin: the tpu bundle's form
// for any machine) targets.
var xlaTargets = map[string]xlaTarget{
	"tpu":     {plugin: "libtpu.so", mlir: true},
	"neuron":  {plugin: "libneuronpjrt.so"},
	"xla-cpu": {plugin: "pjrt_c_api_cpu_plugin.so", mlir: true},
}

// NeuronTargets are the `neuronx-cc compile --target` values --neuron-target
// takes: Trainium 1 and 2, Inferentia 2.
var NeuronTargets = []string{"trn1", "trn2", "inf2"}

// XLAModules is what an XLA target adds to a bundle: per entry its
// executable's modules (mlir and hlo-pb forms) and blobs, the compile
// options blob, and the target options.
type XLAModules struct {
	Modules []emit.Module
	Blobs   []emit.BlobData
	Options map[string]string
	// HLO are the entries' HLO modules, for --emit=hlo and hlo-proto.
	HLO []*HLOEntry
}

// HLOEntry is one entry's HLO module, serialised and as text.
type HLOEntry struct {
	Name  string
	Proto []byte
	Text  string
}

// lowerXLA lowers every entry of l to one XLA executable (targets/hlo) and
// renders the host program that launches it: the entry's Program has one
// kernel, the whole executable, over the entry's arguments (read) and
// results (write).
func lowerXLA(l *Lowered, t xlaTarget, opts Options) error {
	x := &XLAModules{Options: map[string]string{"plugin": t.plugin, "compile_options": "compile_options.pb"}}
	if l.Target == "neuron" {
		nt := opts.NeuronTarget
		if nt == "" {
			nt = "trn1"
		}
		ok := false
		for _, v := range NeuronTargets {
			ok = ok || v == nt
		}
		if !ok {
			return fmt.Errorf("neuron target: --neuron-target=%s is not one of trn1, trn2, inf2", nt)
		}
		x.Options["neuron_target"] = nt
		x.Options["neuronx_cc"] = "compile --framework XLA --target " + nt
	}
	co, err := hlo.CompileOptions(1, 1)
	if err != nil {
		return err
	}
	x.Blobs = append(x.Blobs, emit.BlobData{Name: "compile_options.pb", Kind: emit.BlobKernels, Data: co})
	dev := &wasm.Device{Kernels: make([][]wasm.DeviceKernel, len(l.Funcs))}
	for i, f := range l.Funcs {
		p, k, err := xlaProgram(f)
		if err != nil {
			return fmt.Errorf("%s target: %w", l.Target, err)
		}
		l.Programs = append(l.Programs, p)
		hm, err := hlo.Convert(l.Module, f.Name, f.Name)
		if err != nil {
			return err // "file:line:col: error: hlo target: OP: ..."
		}
		pb, err := hlo.Marshal(hm)
		if err != nil {
			return fmt.Errorf("%s target: %w", l.Target, err)
		}
		text, err := hlo.Text(hm)
		if err != nil {
			return fmt.Errorf("%s target: %w", l.Target, err)
		}
		x.HLO = append(x.HLO, &HLOEntry{Name: f.Name, Proto: pb, Text: text})
		dev.Modules = append(dev.Modules, len(x.Modules))
		dev.Kernels[i] = []wasm.DeviceKernel{{Index: 0, Grid: 1, Block: 1}}
		var src []byte
		if t.mlir {
			src, err = hlo.EntryMLIR(l.Module, f.Name)
			if errors.Is(err, hlo.ErrNotStableHLO) {
				src = nil // the HloModuleProto alone
			} else if err != nil {
				return fmt.Errorf("%s target: %w", l.Target, err)
			}
		}
		if t.mlir && src != nil {
			blob := f.Name + ".mlir"
			x.Modules = append(x.Modules, emit.Module{Name: f.Name + ".mlir", Format: emit.FormatMLIR, Blob: blob, Kernels: []emit.Kernel{k}})
			x.Blobs = append(x.Blobs, emit.BlobData{Name: blob, Kind: emit.BlobKernels, Data: src})
		}
		blob := f.Name + ".hlo.pb"
		x.Modules = append(x.Modules, emit.Module{Name: f.Name + ".hlo", Format: emit.FormatHLOPB, Blob: blob, Kernels: []emit.Kernel{k}})
		x.Blobs = append(x.Blobs, emit.BlobData{Name: blob, Kind: emit.BlobKernels, Data: pb})
	}
	wo := opts.Wasm
	wo.Device = dev
	out, err := wasm.Build(l.Programs, wo)
	if err != nil {
		return err
	}
	l.Wasm, l.XLA = out, x
	return nil
}

// xlaProgram returns the Program of an entry run as one executable, and
// that kernel's manifest entry: buffers for the arguments (inputs, the
// weights keeping their zml.param names) and the results (allocated, then
// written by the launch).
func xlaProgram(f *ir.Func) (*kernel.Program, emit.Kernel, error) {
	p := &kernel.Program{Entry: f.Name}
	k := &kernel.Kernel{Name: f.Name}
	ek := emit.Kernel{Name: f.Name, Symbol: "main", Args: []emit.KernelArg{}}
	add := func(t ir.Type, what string, i int, kind kernel.BufKind, role kernel.Role) (*kernel.ProgBuffer, error) {
		tt, ok := t.(*ir.TensorType)
		if !ok || !tt.IsStatic() {
			return nil, fmt.Errorf("@%s: %s %d has type %s; an entry point takes and returns static tensors", f.Name, what, i, t)
		}
		pb := &kernel.ProgBuffer{ID: len(p.Buffers), Kind: kind, Elem: tt.Elem, Shape: append([]int64{}, tt.Shape...),
			Bytes: tt.NumElements() * int64(tt.Elem.ByteSize())}
		p.Buffers = append(p.Buffers, pb)
		k.Params = append(k.Params, &kernel.Buffer{Name: fmt.Sprintf("%s%d", what, i), Elem: tt.Elem, Shape: pb.Shape,
			Strides: ir.Strides(pb.Shape), Role: role, Host: pb.ID, Index: len(k.Params)})
		access := "read"
		if role == kernel.Write {
			access = "write"
		}
		ek.Args = append(ek.Args, emit.KernelArg{Kind: emit.ArgBuffer, Access: access, DType: tt.Elem.String(), Shape: pb.Shape})
		return pb, nil
	}
	var launch []int
	for i, t := range f.Type.Inputs {
		pb, err := add(t, "arg", i, kernel.Input, kernel.Read)
		if err != nil {
			return nil, ek, err
		}
		pb.Arg = i
		if s, ok := f.ArgAttr(i, "zml.param").(ir.StringAttr); ok {
			pb.Param = string(s)
		}
		p.Inputs = append(p.Inputs, pb.ID)
		launch = append(launch, pb.ID)
	}
	for i, t := range f.Type.Results {
		pb, err := add(t, "result", i, kernel.Temp, kernel.Write)
		if err != nil {
			return nil, ek, err
		}
		p.Outputs = append(p.Outputs, pb.ID)
		p.Steps = append(p.Steps, kernel.Step{Kind: kernel.Alloc, Buf: pb.ID})
		launch = append(launch, pb.ID)
	}
	p.Kernels = []*kernel.Kernel{k}
	p.Steps = append(p.Steps, kernel.Step{Kind: kernel.Launch, Kernel: 0, Args: launch})
	return p, ek, nil
}
