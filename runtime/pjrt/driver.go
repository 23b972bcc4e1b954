package pjrt

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
)

// EnvPlugin is the environment variable naming the plugin file when
// Options.Plugin is empty.
const EnvPlugin = "ZMLC_PJRT_PLUGIN"

// Options configure the driver.
type Options struct {
	// Plugin is the plugin file (`--pjrt-plugin`); "" looks for the
	// bundle's plugin as the package documentation says.
	Plugin string
	// Program chooses the form compiled when a module has both: "mlir"
	// (StableHLO, what ZML sends) or "hlo" (the HloModuleProto); "" takes
	// the form the host program launches (the first).
	Program string
	// ClientOptions are passed to PJRT_Client_Create (plugin-specific,
	// e.g. XLA CPU's "cpu_device_count").
	ClientOptions []Option
}

// hints say how to get each target's usual plugin.
var hints = map[string]string{
	"tpu":     "pip install libtpu (the wheel's libtpu/libtpu.so)",
	"neuron":  "pip install libneuronxla from AWS's index https://pip.repos.neuron.amazonaws.com (the wheel's libneuronpjrt.so)",
	"xla-cpu": "scripts/setup.sh downloads XLA's CPU plugin into ${XDG_CACHE_HOME:-$HOME/.cache}/zmlc",
}

// CacheDir is zmlc's download cache, ${XDG_CACHE_HOME:-$HOME/.cache}/zmlc.
func CacheDir() string {
	if d := os.Getenv("XDG_CACHE_HOME"); d != "" {
		return filepath.Join(d, "zmlc")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "zmlc")
}

// plugins are the loaded and initialised plugins, by path: a plugin is
// initialised once per process and never unloaded (XLA's libraries do not
// support dlclose).
var (
	pluginsMu sync.Mutex
	plugins   = map[string]*api{}
)

// open returns the plugin at path, loading and initialising it once.
func open(path string) (*api, error) {
	pluginsMu.Lock()
	defer pluginsMu.Unlock()
	if a, ok := plugins[path]; ok {
		return a, nil
	}
	a, err := load(path)
	if err != nil {
		return nil, err
	}
	if err := a.initialize(); err != nil {
		return nil, &LoadError{Path: path, Err: err}
	}
	plugins[path] = a
	return a, nil
}

// Version returns the PJRT C API version of the plugin at path (loading
// it, but creating no client).
func Version(path string) (major, minor int, err error) {
	a, err := open(path)
	if err != nil {
		return 0, 0, err
	}
	return a.major, a.minor, nil
}

// Probe loads the plugin at path (as Version does), creates a client with
// opts and returns its platform name and number of addressable devices,
// then destroys it: on a machine without the plugin's device the client
// creation fails, with the plugin's one-line error (libtpu without a TPU:
// "pjrt: PJRT_Client_Create: NOT_FOUND: TPU initialization failed: ...").
func Probe(path string, opts []Option) (platform string, devices int, err error) {
	a, err := open(path)
	if err != nil {
		return "", 0, err
	}
	c, err := a.newClient(opts)
	if err != nil {
		return "", 0, err
	}
	platform, _ = c.platform()
	devices = len(c.devices)
	return platform, devices, c.destroy()
}

// Driver is the runtime.Driver of a bundle whose modules are XLA
// executables.
type Driver struct {
	target string
	opts   Options
	a      *api
	c      *client
	env    *runtime.Env
	bufs   map[runtime.Handle]*buffer
	next   runtime.Handle
	execs  map[int]*executable // by module index
	byName map[string]*executable
	// Platform and PlatformVersion are the client's, read at Init
	// ("cpu", "tpu", ...).
	Platform, PlatformVersion string
	// Path is the plugin file loaded.
	Path string
}

// buffer is one zml_device buffer: a host copy and a PJRT buffer, either
// or both valid.
type buffer struct {
	size     uint64
	host     []byte
	hostOK   bool
	dev      uintptr
	devOK    bool
	typ      int32
	dims     []int64
	hasShape bool
}

// New returns a driver for target ("tpu", "neuron", "xla-cpu"); nothing is
// loaded until Init.
func New(target string, o Options) *Driver { return &Driver{target: target, opts: o} }

// Name implements runtime.Driver.
func (d *Driver) Name() string { return d.target }

// pluginPath finds the plugin file (package documentation).
func (d *Driver) pluginPath(man *emit.Manifest) (string, error) {
	if d.opts.Plugin != "" {
		return d.opts.Plugin, nil
	}
	if p := os.Getenv(EnvPlugin); p != "" {
		return p, nil
	}
	name := man.Target.Options["plugin"]
	if name == "" {
		return "", fmt.Errorf("pjrt: the bundle names no plugin (target option \"plugin\"): give --pjrt-plugin=PATH or set %s", EnvPlugin)
	}
	cached := filepath.Join(CacheDir(), name)
	if _, err := os.Stat(cached); err == nil {
		return cached, nil
	}
	hint := hints[d.target]
	if hint == "" {
		hint = "install the plugin"
	}
	return "", fmt.Errorf("pjrt: the %s target needs the PJRT plugin %s, which is not at %s: %s, then give --pjrt-plugin=PATH or set %s", d.target, name, cached, hint, EnvPlugin)
}

// Init implements runtime.Driver: it loads the plugin, creates a client
// and checks the bundle's modules.
func (d *Driver) Init(env *runtime.Env) error {
	path, err := d.pluginPath(env.Manifest)
	if err != nil {
		return err
	}
	a, err := open(path)
	if err != nil {
		return err
	}
	c, err := a.newClient(d.opts.ClientOptions)
	if err != nil {
		return err
	}
	d.a, d.c, d.env, d.Path = a, c, env, path
	d.Platform, d.PlatformVersion = c.platform()
	if len(c.devices) == 0 {
		d.Close()
		return fmt.Errorf("pjrt: plugin %s (platform %q) has no device", path, d.Platform)
	}
	d.bufs = map[runtime.Handle]*buffer{}
	d.execs = map[int]*executable{}
	d.byName = map[string]*executable{}
	return nil
}

// formats maps a module format to PJRT's program format name.
var formats = map[string]string{emit.FormatMLIR: "mlir", emit.FormatHLOPB: "hlo"}

// LoadModule implements runtime.Driver: it compiles the module's
// executable, or the alternative form Options.Program asks for (another
// module whose kernel has the same name).
func (d *Driver) LoadModule(index int) error {
	man := d.env.Manifest
	mod := man.Modules[index]
	if len(mod.Kernels) != 1 {
		return fmt.Errorf("%w: pjrt: module %q has %d kernels; an XLA module is one executable", runtime.ErrInvalid, mod.Name, len(mod.Kernels))
	}
	name := mod.Kernels[0].Name
	if e, ok := d.byName[name]; ok {
		d.execs[index] = e
		return nil
	}
	chosen := mod
	if want := d.opts.Program; want != "" && formats[mod.Format] != want {
		found := false
		for _, m := range man.Modules {
			if len(m.Kernels) == 1 && m.Kernels[0].Name == name && formats[m.Format] == want {
				chosen, found = m, true
				break
			}
		}
		if !found {
			return fmt.Errorf("%w: pjrt: the bundle has no %q form of executable %q", runtime.ErrUnsupported, want, name)
		}
	}
	format, ok := formats[chosen.Format]
	if !ok {
		return fmt.Errorf("%w: pjrt: module %q has format %q; PJRT compiles %s and %s", runtime.ErrUnsupported, chosen.Name, chosen.Format, emit.FormatMLIR, emit.FormatHLOPB)
	}
	code, ok := d.env.Bundle.Blob(chosen.Blob)
	if !ok {
		return fmt.Errorf("%w: pjrt: module %q: the bundle has no blob %q", runtime.ErrInvalid, chosen.Name, chosen.Blob)
	}
	opts := defaultCompileOptions
	if n := man.Target.Options["compile_options"]; n != "" {
		if opts, ok = d.env.Bundle.Blob(n); !ok {
			return fmt.Errorf("%w: pjrt: the bundle has no compile options blob %q", runtime.ErrInvalid, n)
		}
	}
	e, err := d.c.compile(code, format, opts)
	if err != nil {
		return fmt.Errorf("module %q (%s): %w", chosen.Name, format, err)
	}
	d.execs[index], d.byName[name] = e, e
	return nil
}

// defaultCompileOptions is CompileOptionsProto{executable_build_options:
// {num_replicas: 1, num_partitions: 1}} (compile_options.proto fields 3,
// 4, 5), for a bundle without its own.
var defaultCompileOptions = []byte{0x1a, 0x04, 0x20, 0x01, 0x28, 0x01}

// Alloc implements runtime.Driver: a buffer that exists only as a handle
// until it is written or produced by a launch.
func (d *Driver) Alloc(size uint64) (runtime.Handle, error) {
	if d.c == nil {
		return 0, fmt.Errorf("%w: pjrt driver not initialised", runtime.ErrInvalid)
	}
	d.next++
	d.bufs[d.next] = &buffer{size: size}
	return d.next, nil
}

func (d *Driver) buf(h runtime.Handle) (*buffer, error) {
	b, ok := d.bufs[h]
	if !ok {
		return nil, fmt.Errorf("%w: buffer handle %d does not exist", runtime.ErrInvalid, h)
	}
	return b, nil
}

// dropDevice destroys b's PJRT buffer.
func (d *Driver) dropDevice(b *buffer) error {
	var err error
	if b.dev != 0 {
		err = d.c.destroyBuffer(b.dev)
	}
	b.dev, b.devOK = 0, false
	return err
}

// Free implements runtime.Driver.
func (d *Driver) Free(h runtime.Handle) error {
	if h == 0 {
		return nil
	}
	b, err := d.buf(h)
	if err != nil {
		return err
	}
	delete(d.bufs, h)
	return d.dropDevice(b)
}

// hostCopy makes b's host copy valid (downloading it if the data is on
// the device) and returns it.
func (d *Driver) hostCopy(b *buffer) ([]byte, error) {
	if b.host == nil {
		b.host = make([]byte, b.size)
	}
	if !b.hostOK && b.devOK {
		if err := d.c.download(b.dev, b.host); err != nil {
			return nil, err
		}
	}
	b.hostOK = true
	return b.host, nil
}

func bounds(b *buffer, off uint64, n int) error {
	if off > b.size || uint64(n) > b.size-off {
		return fmt.Errorf("%w: bytes [%d, %d) outside a %d-byte buffer", runtime.ErrInvalid, off, off+uint64(n), b.size)
	}
	return nil
}

// Write implements runtime.Driver: it fills the host copy; the next
// launch that reads the buffer uploads it.
func (d *Driver) Write(h runtime.Handle, off uint64, src []byte) error {
	b, err := d.buf(h)
	if err != nil {
		return err
	}
	if err := bounds(b, off, len(src)); err != nil {
		return err
	}
	host := b.host
	if off != 0 || uint64(len(src)) != b.size {
		if host, err = d.hostCopy(b); err != nil {
			return err
		}
	} else if host == nil {
		host = make([]byte, b.size)
		b.host = host
	}
	copy(host[off:], src)
	b.hostOK = true
	return d.dropDevice(b)
}

// Read implements runtime.Driver.
func (d *Driver) Read(h runtime.Handle, off uint64, dst []byte) error {
	b, err := d.buf(h)
	if err != nil {
		return err
	}
	if err := bounds(b, off, len(dst)); err != nil {
		return err
	}
	if !b.hostOK && b.devOK && off == 0 && uint64(len(dst)) == b.size {
		return d.c.download(b.dev, dst)
	}
	host, err := d.hostCopy(b)
	if err != nil {
		return err
	}
	copy(dst, host[off:])
	return nil
}

// Copy implements runtime.Driver; host sides are linear-memory addresses.
func (d *Driver) Copy(kind runtime.CopyKind, dst runtime.Handle, dstOff uint64, src runtime.Handle, srcOff uint64, size uint64) error {
	mem := d.env.Memory
	switch kind {
	case runtime.HostToHost:
		s, err := mem.Slice(src+srcOff, size)
		if err != nil {
			return err
		}
		t, err := mem.Slice(dst+dstOff, size)
		if err != nil {
			return err
		}
		copy(t, s)
		return nil
	case runtime.HostToDevice:
		s, err := mem.Slice(src+srcOff, size)
		if err != nil {
			return err
		}
		return d.Write(dst, dstOff, s)
	case runtime.DeviceToHost:
		t, err := mem.Slice(dst+dstOff, size)
		if err != nil {
			return err
		}
		return d.Read(src, srcOff, t)
	case runtime.DeviceToDevice:
		tmp := make([]byte, size)
		if err := d.Read(src, srcOff, tmp); err != nil {
			return err
		}
		return d.Write(dst, dstOff, tmp)
	}
	return fmt.Errorf("%w: copy kind %d", runtime.ErrInvalid, kind)
}

// bufferTypes maps manifest dtypes to PJRT_Buffer_Type.
var bufferTypes = map[ir.ElementType]int32{
	ir.I1: 1, ir.I8: 2, ir.I16: 3, ir.I32: 4, ir.I64: 5, ir.UI8: 6, ir.UI16: 7, ir.UI32: 8, ir.UI64: 9,
	ir.F16: 10, ir.F32: 11, ir.F64: 12, ir.BF16: 13, ir.C64: 14, ir.C128: 15, ir.F8E5M2: 16, ir.F8E4M3FN: 17,
}

// Launch implements runtime.Driver: it runs the module's executable on
// the read buffers and makes its outputs the write buffers, in order.
func (d *Driver) Launch(l *runtime.Launch) error {
	e := d.execs[l.Module]
	if e == nil {
		if err := d.LoadModule(l.Module); err != nil {
			return err
		}
		e = d.execs[l.Module]
	}
	k := d.env.Manifest.Modules[l.Module].Kernels[l.Kernel]
	var ins []uintptr
	var outs []*buffer
	for i, arg := range k.Args {
		b, err := d.buf(l.Args[i])
		if err != nil {
			return err
		}
		if arg.Access == "write" {
			outs = append(outs, b)
			continue
		}
		if !b.devOK {
			e, ok := ir.ParseElementType(arg.DType)
			typ, known := bufferTypes[e]
			if !ok || !known {
				return fmt.Errorf("%w: pjrt: argument %d has dtype %q, which has no PJRT buffer type", runtime.ErrUnsupported, i, arg.DType)
			}
			host, err := d.hostCopy(b)
			if err != nil {
				return err
			}
			if want := ir.TensorOf(e, arg.Shape...).NumElements() * int64(e.ByteSize()); want != int64(len(host)) {
				return fmt.Errorf("%w: pjrt: argument %d is %d bytes, its type %s takes %d", runtime.ErrInvalid, i, len(host), ir.TensorOf(e, arg.Shape...), want)
			}
			if b.dev, err = d.c.upload(host, typ, arg.Shape); err != nil {
				return err
			}
			b.devOK = true
		}
		ins = append(ins, b.dev)
	}
	if len(outs) != e.outputs {
		return fmt.Errorf("%w: pjrt: the executable has %d outputs, the kernel table %d write buffers", runtime.ErrInvalid, e.outputs, len(outs))
	}
	res, err := d.c.execute(e, ins)
	if err != nil {
		return fmt.Errorf("%w: %w", runtime.ErrKernel, err)
	}
	for i, b := range outs {
		d.dropDevice(b)
		b.dev, b.devOK, b.hostOK = res[i], true, false
	}
	return nil
}

// Sync implements runtime.Driver: launches and transfers have been waited
// for already.
func (d *Driver) Sync() error { return nil }

// Collective implements runtime.Driver: XLA runs collectives inside its
// executables, never as separate calls.
func (d *Driver) Collective(int, runtime.Handle, runtime.Handle) error {
	return fmt.Errorf("%w: pjrt: collectives run inside XLA executables", runtime.ErrUnsupported)
}

// Workers implements runtime.Driver.
func (d *Driver) Workers() int { return 1 }

// Close implements runtime.Driver: it destroys every buffer and
// executable and the client.
func (d *Driver) Close() error {
	if d.c == nil {
		return nil
	}
	var errs []error
	for h, b := range d.bufs {
		errs = append(errs, d.dropDevice(b))
		delete(d.bufs, h)
	}
	done := map[*executable]bool{}
	for _, e := range d.execs {
		if !done[e] {
			done[e] = true
			errs = append(errs, d.c.destroyExecutable(e))
		}
	}
	errs = append(errs, d.c.destroy())
	d.c = nil
	return errors.Join(errs...)
}

var _ runtime.Driver = (*Driver)(nil)
