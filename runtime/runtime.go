package runtime

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	goruntime "runtime"
	"slices"
	"strings"
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/weights/source"
)

// Options configure Open.
type Options struct {
	// Weights is where the parameters are bound from, by name: a
	// location of package weights/source (a safetensors file, a folder or
	// Hub repository holding model.safetensors or the shards of
	// model.safetensors.index.json, hf://ORG/NAME[@REV][/FILE],
	// s3://BUCKET/KEY, https://...); "" when the bundle embeds its weights
	// or has none. Remote files are fetched into the cache at Open.
	Weights string
	// Source tunes how Weights is fetched (caches, endpoints, tokens,
	// parallel parts); nil reads the environment (source.FromEnv).
	Source *source.Options
	// Context bounds fetching remote weights at Open; nil is
	// context.Background().
	Context context.Context
	// Driver runs the bundle; nil picks the target's default driver (the
	// wasm target's, the only one built in so far).
	Driver Driver
	// Workers is the number of worker instances for wasm-self kernels;
	// 0 means runtime.NumCPU().
	Workers int
	// Progress forces (1) or suppresses (-1) the weight-binding progress
	// bar; 0 shows it only when stderr is a terminal and the weights are
	// large.
	Progress int
	// Interruptible makes cancelling Run's context stop the host program
	// and its kernels wherever they are (wazero's WithCloseOnContextDone),
	// leaving the Runtime unusable afterwards. It costs every call a
	// goroutine and every loop of compiled code a check: the MNIST CNN
	// ran about 4 times slower with it. Without it (the default), Run
	// checks its context before the call and at every zml_device call
	// (alloc, copy, launch, sync, collective), which then fails with
	// the context's error, and the Runtime stays usable.
	Interruptible bool
}

// Runtime is an opened bundle, ready to run: the host program instantiated
// under wazero over a non-moving linear memory, the driver initialised, the
// modules loaded and the weights bound. One Runtime runs one call at a time
// (Run locks it).
type Runtime struct {
	mu      sync.Mutex
	bundle  *emit.Bundle
	man     *emit.Manifest
	drv     Driver
	wrt     wazero.Runtime
	alloc   *mmapAllocator
	mem     *Memory
	inst    []api.Module
	entries map[string]api.Function
	params  []Handle
	cur     *call
	closed  bool

	prepared map[string]*entryState // entries that have run, by name
	call     call                   // the state of the current Run, reused
	launchL  Launch                 // the zml_device.launch being forwarded, reused
	scratch  []byte                 // staging for drivers that do not share the memory
	tensors  tensorIO               // Run's inputs and outputs during a call
	buffers  bytesIO                // RunBytes's inputs and outputs during a call
}

// Open opens the bundle at path (checking it as emit.Open does) and
// prepares it to run; see OpenBundle. The bundle is closed with the Runtime
// (or at once, if Open fails).
func Open(path string, opts Options) (*Runtime, error) {
	b, err := emit.Open(path)
	if err != nil {
		return nil, err
	}
	return OpenBundle(b, opts)
}

// OpenBundle prepares an opened bundle to run, taking ownership of it (it is
// closed with the Runtime, or at once on failure): it
// compiles the host program, creates its memory (the import env.memory,
// docs/RUNTIME.md section 1) over an mmap reservation, instantiates the
// zml_device host module, the host program and, for wasm-self kernels, the
// worker instances; checks the exports (zml_heap_base and every entry's
// function with type (i32) -> i32); initialises the driver; loads the
// modules; and binds the weights. Errors name what is wrong: a missing
// export, a weight that is missing or has the wrong dtype or shape.
func OpenBundle(b *emit.Bundle, opts Options) (_ *Runtime, err error) {
	man := b.Manifest
	r := &Runtime{bundle: b, man: man, drv: opts.Driver, alloc: &mmapAllocator{}, call: call{live: map[Handle]bool{}}}
	defer func() {
		if err != nil {
			r.shutdown()
		}
	}()
	if r.drv == nil {
		if man.Target.Name != "wasm" {
			return nil, fmt.Errorf("runtime: no driver for target %q is built in; pass Options.Driver", man.Target.Name)
		}
		r.drv = NewWasmDriver()
	}
	ctx := context.Background()
	cfg := wazero.NewRuntimeConfig().
		WithCoreFeatures(api.CoreFeaturesV2 | experimental.CoreFeaturesThreads).
		WithCloseOnContextDone(opts.Interruptible)
	r.wrt = wazero.NewRuntimeWithConfig(ctx, cfg)
	compiled, err := r.wrt.CompileModule(ctx, b.Host())
	if err != nil {
		return nil, fmt.Errorf("runtime: compiling the host program: %w", err)
	}
	if err := r.createMemory(ctx, compiled); err != nil {
		return nil, err
	}
	if _, err := r.hostModule(r.wrt).Instantiate(ctx); err != nil {
		return nil, fmt.Errorf("runtime: instantiating zml_device: %w", err)
	}
	workers := 0
	if slices.ContainsFunc(man.Modules, func(m emit.Module) bool { return m.Format == emit.FormatWasmSelf }) {
		workers = opts.Workers
		if workers <= 0 {
			workers = goruntime.NumCPU()
		}
	}
	for i := 0; i <= workers; i++ {
		name := "host"
		if i > 0 {
			name = fmt.Sprintf("host.worker%d", i-1)
		}
		m, err := r.wrt.InstantiateModule(ctx, compiled, wazero.NewModuleConfig().WithName(name).WithStartFunctions())
		if err != nil {
			return nil, fmt.Errorf("runtime: instantiating the host program: %w", err)
		}
		r.inst = append(r.inst, m)
	}
	if err := r.checkExports(); err != nil {
		return nil, err
	}
	if err := r.drv.Init(&Env{Bundle: b, Manifest: man, Memory: r.mem, Instances: r.inst}); err != nil {
		return nil, fmt.Errorf("runtime: %s driver: %w", r.drv.Name(), err)
	}
	for i, m := range man.Modules {
		if err := r.drv.LoadModule(i); err != nil {
			return nil, fmt.Errorf("runtime: loading module %d %q: %w", i, m.Name, err)
		}
	}
	if err := r.bindWeights(opts); err != nil {
		return nil, err
	}
	return r, nil
}

// createMemory instantiates the env module holding the host program's
// memory, with the limits of its import, over an mmap reservation.
func (r *Runtime) createMemory(ctx context.Context, compiled wazero.CompiledModule) error {
	var def api.MemoryDefinition
	if mems := compiled.ImportedMemories(); len(mems) == 1 {
		if mod, name, _ := mems[0].Import(); mod == "env" && name == "memory" {
			def = mems[0]
		}
	}
	if def == nil {
		return errors.New("runtime: the host program must import its memory as env.memory (docs/RUNTIME.md, section 1)")
	}
	max, ok := def.Max()
	if !ok {
		return errors.New("runtime: the host program's memory import env.memory must declare a maximum (it is shared)")
	}
	actx := experimental.WithMemoryAllocator(ctx, r.alloc)
	env, err := r.wrt.InstantiateWithConfig(actx, memoryModule(def.Min(), max), wazero.NewModuleConfig().WithName("env"))
	if err != nil {
		if r.alloc.err != nil {
			return fmt.Errorf("runtime: creating the linear memory: %w", r.alloc.err)
		}
		return fmt.Errorf("runtime: creating the linear memory: %w", err)
	}
	if len(r.alloc.mems) != 1 {
		return errors.New("runtime: the linear memory did not come from the mmap allocator")
	}
	r.mem = &Memory{m: r.alloc.mems[0], api: env.Memory()}
	return nil
}

// checkExports finds zml_heap_base and the entry functions, and sets up the
// heap.
func (r *Runtime) checkExports() error {
	host := r.inst[0]
	g := host.ExportedGlobal("zml_heap_base")
	if g == nil || g.Type() != i32 {
		return errors.New("runtime: the host program does not export the i32 global zml_heap_base (docs/RUNTIME.md, section 2)")
	}
	base := (uint64(uint32(g.Get())) + emit.Align - 1) &^ (emit.Align - 1)
	base = max(base, emit.Align) // address 0 is never a buffer
	r.mem.Heap = newHeap(base, uint64(len(r.mem.Bytes())), r.mem.grow)
	r.entries = map[string]api.Function{}
	for _, e := range r.man.Entries {
		f := host.ExportedFunction(e.Export)
		if f == nil {
			return fmt.Errorf("runtime: entry %q: the host program does not export function %q", e.Name, e.Export)
		}
		d := f.Definition()
		if !slices.Equal(d.ParamTypes(), []api.ValueType{i32}) || !slices.Equal(d.ResultTypes(), []api.ValueType{i32}) {
			return fmt.Errorf("runtime: entry %q: export %q has type %s, want (i32) -> i32", e.Name, e.Export, funcType(d))
		}
		r.entries[e.Name] = f
	}
	return nil
}

func funcType(d api.FunctionDefinition) string {
	names := func(ts []api.ValueType) string {
		s := make([]string, len(ts))
		for i, t := range ts {
			s[i] = api.ValueTypeName(t)
		}
		return "(" + strings.Join(s, ", ") + ")"
	}
	return names(d.ParamTypes()) + " -> " + names(d.ResultTypes())
}

// Manifest returns the bundle's manifest; it must not be modified.
func (r *Runtime) Manifest() *emit.Manifest { return r.man }

// Memory returns the host program's linear memory.
func (r *Runtime) Memory() *Memory { return r.mem }

// Run runs the entry point called entry on inputs, which must match the
// manifest's dtypes and shapes, and returns its outputs: RunBytes with the
// inputs encoded straight into their buffers and the outputs decoded
// straight from theirs (ir.TensorBytes's layout). It fills the
// entry's frame and input buffers (docs/RUNTIME.md, section 2; both are
// allocated at the entry's first Run and reused by the next ones), calls
// the entry's export, syncs, reads the outputs and frees every buffer the
// call left allocated. A failure is a *Error naming the entry and the
// failing operation (and kernel). A trap stops the program. Cancelling ctx
// stops it at its next zml_device call, with an error wrapping ctx.Err()
// (or at once, closing the Runtime for good, with Options.Interruptible).
// When the entry has checks (emit.Entry.Checks) and one fails, Run returns
// the outputs and a *CheckError listing every failed check.
func (r *Runtime) Run(ctx context.Context, entry string, inputs []*ir.Tensor) ([]*ir.Tensor, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	es, err := r.begin("Run", entry)
	if err != nil {
		return nil, err
	}
	e := es.e
	if len(inputs) != len(e.Inputs) {
		return nil, es.fail("inputs", fmt.Errorf("got %d inputs, the entry takes %d", len(inputs), len(e.Inputs)))
	}
	for i, x := range inputs {
		if err := checkTensor(x, es.inTypes[i]); err != nil {
			return nil, es.fail(fmt.Sprintf("input %d%s", i, nameSuffix(e.Inputs[i].Name)), err)
		}
	}
	outs := make([]*ir.Tensor, len(e.Outputs))
	t := &r.tensors
	t.es, t.in, t.out = es, inputs, outs
	err = r.invoke(ctx, es, t)
	*t = tensorIO{}
	if err != nil {
		if _, ok := err.(*CheckError); ok {
			return outs, err
		}
		return nil, err
	}
	return outs, nil
}

// begin returns the state of entry for a call by method (Run, RunBytes),
// failing on a closed Runtime or an unknown entry. r.mu is held.
func (r *Runtime) begin(method, entry string) (*entryState, error) {
	if r.closed {
		return nil, fmt.Errorf("runtime: %s on a closed Runtime", method)
	}
	return r.prepare(entry)
}

// invoke runs one call of es once its inputs are checked: it fills the
// frame, has io put the inputs in their buffers, calls the entry's
// export, syncs, has io take the outputs from their buffers and frees
// every buffer the call left allocated. r.mu is held.
func (r *Runtime) invoke(ctx context.Context, es *entryState, io callIO) error {
	e := es.e
	if err := ctx.Err(); err != nil {
		return es.fail("cancelled before the call", err)
	}
	c := &r.call
	c.entry, c.err, c.ctx, c.done = e.Name, nil, ctx, ctx.Done()
	r.cur = c
	defer func() {
		r.cur, c.ctx, c.done = nil, nil, nil
		for h := range c.live {
			r.drv.Free(h)
		}
		clear(c.live)
	}()
	slots, err := r.mem.Slice(es.frame, uint64(8*es.nslots))
	if err != nil {
		return es.fail("writing the frame", err)
	}
	for i, h := range r.params {
		binary.LittleEndian.PutUint64(slots[8*i:], h)
	}
	for i, h := range es.inputs {
		binary.LittleEndian.PutUint64(slots[8*(len(r.params)+i):], h)
	}
	base := len(r.params) + len(e.Inputs)
	clear(slots[8*base : 8*(base+len(e.Outputs)+2*len(e.Checks))])
	for i, h := range es.inputs {
		if err := r.writeInput(h, es.inSizes[i], io, i); err != nil {
			return es.fail(fmt.Sprintf("writing input %d", i), err)
		}
	}
	es.stack[0] = es.frame
	callErr := es.fn.CallWithStack(ctx, es.stack)
	r.keepPrologue(es, c)
	if c.err != nil {
		return c.err
	}
	if callErr != nil {
		return &Error{Entry: e.Name, Op: "host program trapped", Status: StatusKernel, Err: callErr}
	}
	if st := Status(int32(uint32(es.stack[0]))); st != StatusOK {
		return &Error{Entry: e.Name, Op: "host program", Status: st, Err: fmt.Errorf("returned status %d (%s) without a failing zml_device call", int32(st), st)}
	}
	if err := r.drv.Sync(); err != nil {
		return es.fail("sync", err)
	}
	// The frame may have moved with the memory's length, not its base:
	// take the slots again.
	slots, _ = r.mem.Slice(es.frame, uint64(8*es.nslots))
	for i := range e.Outputs {
		h := binary.LittleEndian.Uint64(slots[8*(base+i):])
		if err := r.readOutput(h, es.outSizes[i], io, i); err != nil {
			return es.fail(fmt.Sprintf("reading output %d (handle %#x)", i, h), err)
		}
	}
	return r.runChecks(es, slots[8*(base+len(e.Outputs)):])
}

func nameSuffix(name string) string {
	if name == "" {
		return ""
	}
	return fmt.Sprintf(" %q", name)
}

// checkTensor checks that x has the dtype and shape of t.
func checkTensor(x *ir.Tensor, t *ir.TensorType) error {
	if x == nil || x.Type == nil {
		return fmt.Errorf("%w: missing tensor", ErrInvalid)
	}
	if x.Elem() != t.Elem || !slices.Equal(x.Shape(), t.Shape) {
		return fmt.Errorf("%w: got %s, want %s", ErrInvalid, x.Type, t)
	}
	return nil
}

// Close releases the driver, the instances, the memory and the bundle.
func (r *Runtime) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil
	}
	r.closed = true
	return r.shutdown()
}

func (r *Runtime) shutdown() error {
	var errs []error
	if r.drv != nil {
		errs = append(errs, r.drv.Close())
	}
	if r.wrt != nil {
		errs = append(errs, r.wrt.Close(context.Background()))
	}
	errs = append(errs, r.bundle.Close())
	return errors.Join(errs...)
}
