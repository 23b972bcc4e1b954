package wasm

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// The zml_device imports, in function-index order (docs/RUNTIME.md,
// section 3).
const (
	impAlloc = iota
	impFree
	impCopy
	impLoadModule
	impLaunch
	impSync
	impCollective
	impWorkers
)

var deviceImports = []ImportFunc{
	impAlloc:      {"zml_device", "alloc", FuncType{[]ValType{I64}, []ValType{I64}}},
	impFree:       {"zml_device", "free", FuncType{[]ValType{I64}, []ValType{I32}}},
	impCopy:       {"zml_device", "copy", FuncType{[]ValType{I32, I64, I64, I64, I64, I64}, []ValType{I32}}},
	impLoadModule: {"zml_device", "load_module", FuncType{[]ValType{I32}, []ValType{I32}}},
	impLaunch:     {"zml_device", "launch", FuncType{[]ValType{I32, I32, I32, I32, I32, I32, I32, I32, I32, I32}, []ValType{I32}}},
	impSync:       {"zml_device", "sync", FuncType{nil, []ValType{I32}}},
	impCollective: {"zml_device", "collective", FuncType{[]ValType{I32, I64, I64}, []ValType{I32}}},
	impWorkers:    {"zml_device", "workers", FuncType{nil, []ValType{I32}}},
}

// Status codes the host program returns (docs/RUNTIME.md, section 5).
const (
	statusOOM     = 2
	statusInvalid = 3
)

// entrySig is the type of an entry function: (frame) -> status.
var entrySig = FuncType{Params: []ValType{I32}, Results: []ValType{I32}}

// hostGen compiles one Program's schedule into its entry function.
type hostGen struct {
	b        *fb
	p        *kernel.Program
	handles  []int64 // Program buffer -> i64 local holding its handle
	kernels  []kernelRef
	consts   map[int]uint32 // Constant buffer -> static address
	argsAddr uint32
	opts     Options
	outputs  map[int]bool
	dev      *Device // kernels of an external module; handles are opaque
	module   int     // with dev: the module index of this Program's kernels
}

// predAddr is the 8 bytes of static memory a predicate is read back into
// from a device buffer.
const predAddr = 8

// kernelRef is a rendered kernel of the module.
type kernelRef struct {
	index int   // in the manifest's module
	fn    int64 // function index (wasm-self)
	grid  int64
	block int64 // work items per workgroup (external modules)
	work  int64
}

// entry builds the entry function of p: it takes the parameters' and
// inputs' handles from the frame, runs the steps, and stores the outputs'
// handles in their slots. params maps a weight name to its frame slot;
// inputs are the slots of the other arguments in order.
func (h *hostGen) entry(name string, params map[string]int) (*Func, error) {
	b := newFB(name, entrySig)
	b.f.Export = true
	h.b = b
	const frame = 0
	h.handles = make([]int64, len(h.p.Buffers))
	h.outputs = map[int]bool{}
	for _, o := range h.p.Outputs {
		h.outputs[o] = true
	}
	nparams := 0
	for range params {
		nparams++
	}
	inputSlot := nparams
	for _, id := range h.p.Inputs {
		pb := h.p.Buffers[id]
		l := b.local(I64)
		h.handles[id] = l
		slot := inputSlot
		if pb.Param != "" {
			slot = params[pb.Param]
		} else {
			inputSlot++
		}
		b.get(frame)
		b.mem(OpI64Load, 3, int64(8*slot))
		b.set(l)
	}
	for id, pb := range h.p.Buffers {
		switch pb.Kind {
		case kernel.Temp:
			h.handles[id] = b.local(I64)
		case kernel.Constant:
			l := b.local(I64)
			h.handles[id] = l
			if h.dev != nil {
				// A device buffer filled from the data segment on every
				// call (the launcher frees it after the call).
				h.alloc(pb.Bytes, l)
				if pb.Bytes > 0 {
					h.copy(copyHostToDevice, func() { b.get(l) }, func() { b.i64(int64(h.consts[id])) }, pb.Bytes)
				}
				continue
			}
			b.i64(int64(h.consts[id]))
			b.set(l)
		}
	}
	steps := h.p.Steps
	if pr := kernel.SplitPrologue(h.p); len(pr.Kept) > 0 {
		if err := h.prologue(pr, inputSlot+len(h.p.Outputs)); err != nil {
			return nil, err
		}
		steps = pr.Rest
	}
	if err := h.steps(steps); err != nil {
		return nil, err
	}
	for i, id := range h.p.Outputs {
		slot := int64(8 * (inputSlot + i))
		pb := h.p.Buffers[id]
		if pb.Kind == kernel.Constant && h.dev == nil {
			// The launcher reads outputs from buffers it can name: copy
			// constants into a fresh one.
			tmp := b.local(I64)
			h.alloc(pb.Bytes, tmp)
			b.get(tmp)
			b.op(OpI32WrapI64)
			b.get(h.handles[id])
			b.op(OpI32WrapI64)
			b.i32(pb.Bytes)
			b.op(OpMemoryCopy)
			b.get(frame)
			b.get(tmp)
			b.mem(OpI64Store, 3, slot)
			continue
		}
		b.get(frame)
		b.get(h.handles[id])
		b.mem(OpI64Store, 3, slot)
	}
	b.i32(0)
	return b.f, nil
}

// prologue emits the entry's prologue (docs/RUNTIME.md, "The prologue"):
// frame slot flag is 0 until the prologue has run; then slots flag+1...
// hold the handles of pr.Kept. The first call runs pr.Steps and fills the
// slots; every call loads the kept handles from them.
func (h *hostGen) prologue(pr kernel.Prologue, flag int) error {
	b := h.b
	const frame = 0
	b.get(frame)
	b.mem(OpI64Load, 3, int64(8*flag))
	b.op(OpI64Eqz)
	b.iff()
	if err := h.steps(pr.Steps); err != nil {
		return err
	}
	for j, id := range pr.Kept {
		b.get(frame)
		b.get(h.handles[id])
		b.mem(OpI64Store, 3, int64(8*(flag+1+j)))
	}
	b.get(frame)
	b.i64(1)
	b.mem(OpI64Store, 3, int64(8*flag))
	b.els()
	for j, id := range pr.Kept {
		b.get(frame)
		b.mem(OpI64Load, 3, int64(8*(flag+1+j)))
		b.set(h.handles[id])
	}
	b.end()
	return nil
}

// alloc emits local = alloc(size), returning status 2 if it fails.
func (h *hostGen) alloc(size int64, local int64) {
	b := h.b
	b.i64(max(size, 1))
	b.call(impAlloc)
	b.tee(local)
	b.op(OpI64Eqz)
	b.iff()
	b.i32(statusOOM)
	b.op(OpReturn)
	b.end()
}

// The zml_device.copy directions (docs/RUNTIME.md, section 3).
const (
	copyHostToDevice   = 1
	copyDeviceToHost   = 2
	copyDeviceToDevice = 3
)

// copy emits copy(kind, dst, 0, src, 0, n) and returns its status if it
// is not 0; dst and src push i64 handles or addresses.
func (h *hostGen) copy(kind int64, dst, src func(), n int64) {
	b := h.b
	b.i32(kind)
	dst()
	b.i64(0)
	src()
	b.i64(0)
	b.i64(n)
	b.call(impCopy)
	h.check()
}

// check returns the i32 status on the stack if it is not 0.
func (h *hostGen) check() {
	b := h.b
	st := b.local(I32)
	b.tee(st)
	b.iff()
	b.get(st)
	b.op(OpReturn)
	b.end()
}

// steps emits a step list.
func (h *hostGen) steps(steps []kernel.Step) error {
	b := h.b
	for _, s := range steps {
		switch s.Kind {
		case kernel.Alloc:
			h.alloc(h.p.Buffers[s.Buf].Bytes, h.handles[s.Buf])
		case kernel.Free:
			if h.outputs[s.Buf] || h.p.Buffers[s.Buf].Kind != kernel.Temp {
				continue
			}
			b.get(h.handles[s.Buf])
			b.call(impFree)
			h.check()
		case kernel.Launch:
			if s.Kernel < 0 || s.Kernel >= len(h.kernels) {
				return fmt.Errorf("wasm target: launch of kernel %d, the program has %d", s.Kernel, len(h.kernels))
			}
			k := h.kernels[s.Kernel]
			if len(s.Args) != len(h.p.Kernels[s.Kernel].Params) {
				return fmt.Errorf("wasm target: launch of kernel %s with %d arguments, it takes %d", h.p.Kernels[s.Kernel].Name, len(s.Args), len(h.p.Kernels[s.Kernel].Params))
			}
			for i, a := range s.Args {
				b.i32(int64(h.argsAddr))
				b.get(h.handles[a])
				b.mem(OpI64Store, 3, int64(8*i))
			}
			// launch calls zml_device.launch: k's grid of block-wide
			// workgroups of module, on the packed arguments.
			launch := func(module, block int64) {
				b.i32(module)
				b.i32(int64(k.index))
				b.i32(k.grid)
				b.i32(1)
				b.i32(1)
				b.i32(block)
				b.i32(1)
				b.i32(1)
				b.i32(int64(h.argsAddr))
				b.i32(int64(len(s.Args)))
				b.call(impLaunch)
				h.check()
			}
			if h.dev != nil {
				launch(int64(h.module), max(k.block, 1))
				continue
			}
			if k.grid <= 1 || k.work < h.opts.LaunchWork {
				// Small kernels run in place, without a host call.
				b.i32(int64(h.argsAddr))
				b.i32(0)
				b.i32(k.grid)
				b.i32(0)
				b.call(k.fn)
				continue
			}
			launch(0, 1)
		case kernel.Copy:
			n := h.p.Buffers[s.Src].Bytes
			if n != h.p.Buffers[s.Dst].Bytes {
				return fmt.Errorf("wasm target: copy of buf%d (%d bytes) into buf%d (%d bytes)", s.Src, n, s.Dst, h.p.Buffers[s.Dst].Bytes)
			}
			if h.dev != nil {
				if n > 0 {
					h.copy(copyDeviceToDevice, func() { b.get(h.handles[s.Dst]) }, func() { b.get(h.handles[s.Src]) }, n)
				}
				continue
			}
			b.get(h.handles[s.Dst])
			b.op(OpI32WrapI64)
			b.get(h.handles[s.Src])
			b.op(OpI32WrapI64)
			b.i32(n)
			b.op(OpMemoryCopy)
		case kernel.While:
			b.block()
			b.loop()
			if err := h.steps(s.Cond); err != nil {
				return err
			}
			h.pred(s.Pred)
			b.op(OpI32Eqz)
			b.brIf(1)
			if err := h.steps(s.Body); err != nil {
				return err
			}
			b.br(0)
			b.end()
			b.end()
		case kernel.IfStep:
			h.pred(s.Pred)
			b.iff()
			if err := h.steps(s.Body); err != nil {
				return err
			}
			if len(s.Else) > 0 {
				b.els()
				if err := h.steps(s.Else); err != nil {
					return err
				}
			}
			b.end()
		case kernel.Case:
			if len(s.Branches) == 0 {
				continue
			}
			idx := b.local(I32)
			if h.dev != nil {
				h.readBack(s.Pred, 4)
				b.i32(predAddr)
			} else {
				b.get(h.handles[s.Pred])
				b.op(OpI32WrapI64)
			}
			b.mem(OpI32Load, 2, 0)
			b.set(idx)
			for i, br := range s.Branches[:len(s.Branches)-1] {
				b.get(idx)
				b.i32(int64(i))
				b.op(OpI32Eq)
				b.iff()
				if err := h.steps(br); err != nil {
					return err
				}
				b.els()
			}
			if err := h.steps(s.Branches[len(s.Branches)-1]); err != nil {
				return err
			}
			for range s.Branches[:len(s.Branches)-1] {
				b.end()
			}
		default:
			return fmt.Errorf("wasm target: step kind %s is not supported", s.Kind)
		}
	}
	return nil
}

// pred pushes the i1 in buffer id (one byte).
func (h *hostGen) pred(id int) {
	if h.dev != nil {
		// Read the predicate (up to 8 bytes) back into static scratch;
		// nonzero means true.
		n := min(max(h.p.Buffers[id].Bytes, 1), 8)
		h.readBack(id, n)
		h.b.i32(predAddr)
		h.b.mem(OpI64Load, 3, 0)
		h.b.op(OpI64Eqz)
		h.b.op(OpI32Eqz)
		return
	}
	h.b.get(h.handles[id])
	h.b.op(OpI32WrapI64)
	h.b.mem(OpI32Load8U, 0, 0)
	if h.p.Buffers[id].Elem != ir.I1 {
		// A wider predicate: nonzero means true.
		h.b.i32(0)
		h.b.op(OpI32Ne)
	}
}

// readBack zeroes the 8 scratch bytes at predAddr and copies the first n
// bytes of device buffer id there.
func (h *hostGen) readBack(id int, n int64) {
	b := h.b
	b.i32(predAddr)
	b.i64(0)
	b.mem(OpI64Store, 3, 0)
	h.copy(copyDeviceToHost, func() { b.i64(predAddr) }, func() { b.get(h.handles[id]) }, min(n, h.p.Buffers[id].Bytes))
}
