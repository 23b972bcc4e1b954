package runtime

import (
	"context"
	"encoding/binary"
	"fmt"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
)

// call is the state of one Run: the first failure and the buffers the host
// program allocated and has not freed.
type call struct {
	entry string
	err   *Error
	live  map[Handle]bool
	ctx   context.Context
	done  <-chan struct{} // ctx.Done(); nil when it cannot be cancelled
}

// cancelled reports whether the current Run's context is done, recording
// its error as the call's failure (in op) if so.
func (r *Runtime) cancelled(op string) bool {
	c := r.cur
	if c == nil || c.done == nil {
		return false
	}
	select {
	case <-c.done:
		r.fail(op, "", c.ctx.Err())
		return true
	default:
		return false
	}
}

// fail records err as the call's failure unless one is recorded, and
// returns its status.
func (r *Runtime) fail(op, kernel string, err error) Status {
	st := StatusOf(err)
	if c := r.cur; c != nil && c.err == nil {
		c.err = &Error{Entry: c.entry, Op: op, Kernel: kernel, Status: st, Err: err}
	}
	return st
}

// status turns a driver error into the status pushed to the host program.
func (r *Runtime) status(op, kernel string, err error) uint64 {
	if err == nil {
		return 0
	}
	return uint64(uint32(r.fail(op, kernel, err)))
}

const (
	i32 = api.ValueTypeI32
	i64 = api.ValueTypeI64
)

// hostModule builds the zml_device host module (docs/RUNTIME.md, section 3).
func (r *Runtime) hostModule(rt wazero.Runtime) wazero.HostModuleBuilder {
	b := rt.NewHostModuleBuilder("zml_device")
	fn := func(name string, f func(stack []uint64), params, results []api.ValueType) {
		b.NewFunctionBuilder().WithGoModuleFunction(api.GoModuleFunc(func(_ context.Context, _ api.Module, stack []uint64) {
			f(stack)
		}), params, results).Export(name)
	}
	fn("alloc", func(s []uint64) {
		size := s[0]
		if r.cancelled("alloc") {
			s[0] = 0
			return
		}
		h, err := r.drv.Alloc(size)
		if err == nil && h == 0 {
			err = fmt.Errorf("%w: the driver returned handle 0", ErrInvalid)
		}
		if err != nil {
			r.fail(fmt.Sprintf("alloc of %d bytes", size), "", err)
			s[0] = 0
			return
		}
		if r.cur != nil {
			r.cur.live[h] = true
		}
		s[0] = h
	}, []api.ValueType{i64}, []api.ValueType{i64})
	fn("free", func(s []uint64) {
		h := s[0]
		if h == 0 {
			s[0] = 0
			return
		}
		err := r.drv.Free(h)
		if err != nil {
			s[0] = r.status(fmt.Sprintf("free of buffer %#x", h), "", err)
			return
		}
		if r.cur != nil {
			delete(r.cur.live, h)
		}
		s[0] = 0
	}, []api.ValueType{i64}, []api.ValueType{i32})
	fn("copy", func(s []uint64) {
		kind := CopyKind(int32(s[0]))
		if r.cancelled("copy") {
			s[0] = uint64(StatusDevice)
			return
		}
		if err := r.drv.Copy(kind, s[1], s[2], s[3], s[4], s[5]); err != nil {
			s[0] = r.status(fmt.Sprintf("copy (kind %d) of %d bytes", kind, s[5]), "", err)
			return
		}
		s[0] = 0
	}, []api.ValueType{i32, i64, i64, i64, i64, i64}, []api.ValueType{i32})
	fn("load_module", func(s []uint64) {
		m := int32(s[0])
		var err error
		if m < 0 || int(m) >= len(r.man.Modules) {
			err = fmt.Errorf("%w: module %d does not exist (the bundle has %d)", ErrInvalid, m, len(r.man.Modules))
		}
		s[0] = r.status(fmt.Sprintf("load_module %d", m), "", err)
	}, []api.ValueType{i32}, []api.ValueType{i32})
	fn("launch", func(s []uint64) {
		if r.cancelled("launch") {
			s[0] = uint64(StatusDevice)
			return
		}
		s[0] = r.launch(s)
	}, []api.ValueType{i32, i32, i32, i32, i32, i32, i32, i32, i32, i32}, []api.ValueType{i32})
	fn("sync", func(s []uint64) {
		if r.cancelled("sync") {
			s[0] = uint64(StatusDevice)
			return
		}
		s[0] = r.status("sync", "", r.drv.Sync())
	}, nil, []api.ValueType{i32})
	fn("collective", func(s []uint64) {
		idx := int32(s[0])
		if r.cancelled("collective") {
			s[0] = uint64(StatusDevice)
			return
		}
		var err error
		if idx < 0 || int(idx) >= len(r.man.Collectives) {
			err = fmt.Errorf("%w: collective %d does not exist (the bundle has %d)", ErrInvalid, idx, len(r.man.Collectives))
		} else {
			err = r.drv.Collective(int(idx), s[1], s[2])
		}
		s[0] = r.status(fmt.Sprintf("collective %d", idx), "", err)
	}, []api.ValueType{i32, i64, i64}, []api.ValueType{i32})
	fn("workers", func(s []uint64) {
		s[0] = uint64(max(1, r.drv.Workers()))
	}, nil, []api.ValueType{i32})
	return b
}

// launch implements zml_device.launch: it checks the module and kernel
// indices and the argument count, reads the packed arguments and calls the
// driver. The Launch and its Args are reused from call to call; the error
// messages are only formatted when something fails.
func (r *Runtime) launch(s []uint64) uint64 {
	mod, kern := int32(s[0]), int32(s[1])
	args, nargs := uint64(uint32(s[8])), uint64(uint32(s[9]))
	op := func() string { return fmt.Sprintf("launch of kernel %d of module %d", kern, mod) }
	if mod < 0 || int(mod) >= len(r.man.Modules) {
		return r.status(op(), "", fmt.Errorf("%w: module %d does not exist (the bundle has %d)", ErrInvalid, mod, len(r.man.Modules)))
	}
	m := &r.man.Modules[mod]
	if kern < 0 || int(kern) >= len(m.Kernels) {
		return r.status(op(), "", fmt.Errorf("%w: module %q has no kernel %d (it has %d)", ErrInvalid, m.Name, kern, len(m.Kernels)))
	}
	k := &m.Kernels[kern]
	op = func() string {
		return fmt.Sprintf("launch of kernel %q (module %d %q, kernel %d)", k.Name, mod, m.Name, kern)
	}
	if nargs != uint64(len(k.Args)) {
		return r.status(op(), k.Name, fmt.Errorf("%w: %d arguments, the kernel takes %d", ErrInvalid, nargs, len(k.Args)))
	}
	raw, err := r.mem.Slice(args, 8*nargs)
	if err != nil {
		return r.status(op(), k.Name, fmt.Errorf("reading the arguments: %w", err))
	}
	l := &r.launchL
	l.Module, l.Kernel = int(mod), int(kern)
	for i := range 3 {
		l.Grid[i], l.Block[i] = uint32(s[2+i]), uint32(s[5+i])
	}
	l.ArgsAddr = args
	l.Args = l.Args[:0]
	for i := range nargs {
		l.Args = append(l.Args, binary.LittleEndian.Uint64(raw[8*i:]))
	}
	if err := r.drv.Launch(l); err != nil {
		return r.status(op(), k.Name, err)
	}
	return 0
}
