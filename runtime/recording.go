package runtime

import (
	"fmt"
)

// RecordingDriver is a shared-memory Driver for tests: it records every call
// as a line of text in Calls, can emulate kernels with Kernel, and can fail
// chosen operations with Fail. Buffers come from the launcher's heap, so
// handles are linear-memory addresses.
type RecordingDriver struct {
	SharedMemory
	// Calls holds one line per driver call after Init, e.g.
	// "alloc 64 -> 0x10000", "launch 0 1 grid=[2 1 1] block=[64 1 1] args=[0x10000 3]".
	Calls []string
	// Kernel, if set, runs for each launch (after it is recorded), e.g. to
	// compute the kernel's result in Go; its error is the launch's.
	Kernel func(l *Launch, mem *Memory) error
	// Fail maps an operation name ("alloc", "free", "copy", "launch",
	// "sync", "collective", "load_module") to the error it returns.
	Fail map[string]error
	env  *Env
}

func (d *RecordingDriver) record(op, format string, args ...any) error {
	d.Calls = append(d.Calls, op+" "+fmt.Sprintf(format, args...))
	return d.Fail[op]
}

// Name implements Driver.
func (d *RecordingDriver) Name() string { return "recording" }

// Init implements Driver.
func (d *RecordingDriver) Init(env *Env) error {
	d.env = env
	d.Attach(env.Memory)
	return nil
}

// Alloc implements Driver.
func (d *RecordingDriver) Alloc(size uint64) (Handle, error) {
	if err := d.Fail["alloc"]; err != nil {
		d.record("alloc", "%d -> error", size)
		return 0, err
	}
	h, err := d.SharedMemory.Alloc(size)
	d.record("alloc", "%d -> %#x", size, h)
	return h, err
}

// Free implements Driver.
func (d *RecordingDriver) Free(h Handle) error {
	if err := d.record("free", "%#x", h); err != nil {
		return err
	}
	return d.SharedMemory.Free(h)
}

// Copy implements Driver.
func (d *RecordingDriver) Copy(kind CopyKind, dst Handle, dstOff uint64, src Handle, srcOff uint64, size uint64) error {
	if err := d.record("copy", "kind=%d dst=%#x+%d src=%#x+%d size=%d", kind, dst, dstOff, src, srcOff, size); err != nil {
		return err
	}
	return d.SharedMemory.Copy(kind, dst, dstOff, src, srcOff, size)
}

// LoadModule implements Driver.
func (d *RecordingDriver) LoadModule(index int) error { return d.record("load_module", "%d", index) }

// Launch implements Driver.
func (d *RecordingDriver) Launch(l *Launch) error {
	args := make([]string, len(l.Args))
	for i, a := range l.Args {
		args[i] = fmt.Sprintf("%#x", a)
	}
	if err := d.record("launch", "%d %d grid=%v block=%v args=%v", l.Module, l.Kernel, l.Grid, l.Block, args); err != nil {
		return err
	}
	if d.Kernel != nil {
		return d.Kernel(l, d.env.Memory)
	}
	return nil
}

// Sync implements Driver.
func (d *RecordingDriver) Sync() error { return d.record("sync", "") }

// Collective implements Driver as a single-device copy.
func (d *RecordingDriver) Collective(index int, src, dst Handle) error {
	if err := d.record("collective", "%d %#x %#x", index, src, dst); err != nil {
		return err
	}
	return singleDeviceCollective(&d.SharedMemory, &d.env.Manifest.Collectives[index], src, dst)
}

// Workers implements Driver.
func (d *RecordingDriver) Workers() int { return 1 }

// Close implements Driver.
func (d *RecordingDriver) Close() error { return nil }
