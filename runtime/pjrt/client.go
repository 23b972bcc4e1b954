package pjrt

import (
	"fmt"
	goruntime "runtime"
	"unsafe"
)

// The *_Args structs of the entry points the driver calls, laid out as in
// pjrt_c_api.h. structSize is each struct's PJRT_STRUCT_SIZE (the end of
// its last field).

type pluginInitializeArgs struct{ structSize, priv uintptr }

type eventArgs struct{ structSize, priv, event uintptr } // PJRT_Event_Destroy_Args, PJRT_Event_Await_Args

// namedValue is PJRT_NamedValue; value is the union (8 bytes).
type namedValue struct {
	structSize, priv uintptr
	name             *byte
	nameSize         uintptr
	typ              int32
	_                int32
	value            uint64
	valueSize        uintptr
}

// PJRT_NamedValue_Type.
const (
	namedString = 0
	namedInt64  = 1
	namedBool   = 4
)

type clientCreateArgs struct {
	structSize, priv                 uintptr
	createOptions                    uintptr
	numOptions                       uintptr
	kvGet, kvGetArg, kvPut, kvPutArg uintptr
	client                           uintptr
}

type clientArgs struct{ structSize, priv, client uintptr } // PJRT_Client_Destroy_Args

type clientStringArgs struct { // PJRT_Client_PlatformName_Args, PJRT_Client_PlatformVersion_Args
	structSize, priv, client uintptr
	str                      *byte
	strSize                  uintptr
}

type clientDevicesArgs struct {
	structSize, priv, client uintptr
	devices                  *uintptr
	numDevices               uintptr
}

type program struct {
	structSize, priv uintptr
	code, codeSize   uintptr
	format           uintptr
	formatSize       uintptr
}

type clientCompileArgs struct {
	structSize, priv, client          uintptr
	program                           *program
	compileOptions, compileOptionsLen uintptr
	executable                        uintptr
}

type bufferFromHostArgs struct {
	structSize, priv, client uintptr
	data                     uintptr
	typ                      int32
	_                        int32
	dims                     *int64
	numDims                  uintptr
	byteStrides              uintptr
	numByteStrides           uintptr
	semantics                int32
	_                        int32
	device                   uintptr
	memory                   uintptr
	deviceLayout             uintptr
	doneWithHostBuffer       uintptr
	buffer                   uintptr
}

type objectArgs struct{ structSize, priv, obj uintptr } // the *_Destroy_Args of buffers and executables

type getExecutableArgs struct{ structSize, priv, loaded, executable uintptr }

type numOutputsArgs struct{ structSize, priv, executable, numOutputs uintptr }

type executeOptions struct {
	structSize, priv             uintptr
	sendCallbacks, recvCallbacks uintptr
	numSendOps, numRecvOps       uintptr
	launchID                     int32
	_                            int32
}

type executeArgs struct {
	structSize, priv, executable uintptr
	options                      *executeOptions
	argumentLists                **uintptr
	numDevices, numArgs          uintptr
	outputLists                  **uintptr
	deviceCompleteEvents         *uintptr
	executeDevice                uintptr
}

type toHostArgs struct {
	structSize, priv, src uintptr
	hostLayout            uintptr
	dst                   uintptr
	dstSize               uintptr
	event                 uintptr
}

// client is a PJRT_Client on a loaded plugin.
type client struct {
	a       *api
	c       uintptr
	devices []uintptr
}

// initialize calls PJRT_Plugin_Initialize.
func (a *api) initialize() error {
	args := newArgs[pluginInitializeArgs]()
	return a.call(fnPluginInitialize, "PJRT_Plugin_Initialize", ref("PJRT_Plugin_Initialize_Args", args))
}

// Option is a PJRT_Client_Create option (PJRT_NamedValue): a string, an
// int64 or a bool, by its Go type.
type Option struct {
	Name  string
	Value any
}

// newClient creates a client with the options.
func (a *api) newClient(opts []Option) (*client, error) {
	var keep [][]byte
	nvs := make([]namedValue, len(opts))
	for i, o := range opts {
		name := []byte(o.Name)
		keep = append(keep, name)
		nv := namedValue{structSize: unsafe.Sizeof(namedValue{}), name: unsafe.SliceData(name), nameSize: uintptr(len(name)), valueSize: 1}
		switch v := o.Value.(type) {
		case string:
			b := append([]byte(v), 0)
			keep = append(keep, b)
			nv.typ, nv.value, nv.valueSize = namedString, uint64(uintptr(unsafe.Pointer(unsafe.SliceData(b)))), uintptr(len(v))
		case int64:
			nv.typ, nv.value = namedInt64, uint64(v)
		case int:
			nv.typ, nv.value = namedInt64, uint64(int64(v))
		case bool:
			nv.typ = namedBool
			if v {
				nv.value = 1
			}
		default:
			return nil, fmt.Errorf("pjrt: client option %s has unsupported type %T", o.Name, o.Value)
		}
		nvs[i] = nv
	}
	args := newArgs[clientCreateArgs]()
	args.numOptions = uintptr(len(nvs))
	if len(nvs) > 0 {
		args.createOptions = uintptr(unsafe.Pointer(&nvs[0]))
	}
	err := a.call(fnClientCreate, "PJRT_Client_Create", ref("PJRT_Client_Create_Args", args))
	goruntime.KeepAlive(nvs)
	goruntime.KeepAlive(keep)
	if err != nil {
		return nil, err
	}
	c := &client{a: a, c: args.client}
	d := newArgs[clientDevicesArgs]()
	d.client = c.c
	if err := a.call(fnClientAddressableDevices, "PJRT_Client_AddressableDevices", ref("PJRT_Client_AddressableDevices_Args", d)); err != nil {
		c.destroy()
		return nil, err
	}
	if d.numDevices > 0 {
		c.devices = append([]uintptr{}, unsafe.Slice(d.devices, d.numDevices)...)
	}
	return c, nil
}

// platform returns the client's platform name and version.
func (c *client) platform() (name, version string) {
	n := newArgs[clientStringArgs]()
	n.client = c.c
	if c.a.call(fnClientPlatformName, "PJRT_Client_PlatformName", ref("PJRT_Client_PlatformName_Args", n)) == nil {
		name = goString(n.str, n.strSize)
	}
	v := newArgs[clientStringArgs]()
	v.client = c.c
	if c.a.call(fnClientPlatformVersion, "PJRT_Client_PlatformVersion", ref("PJRT_Client_PlatformVersion_Args", v)) == nil {
		version = goString(v.str, v.strSize)
	}
	return name, version
}

func (c *client) destroy() error {
	args := newArgs[clientArgs]()
	args.client = c.c
	return c.a.call(fnClientDestroy, "PJRT_Client_Destroy", ref("PJRT_Client_Destroy_Args", args))
}

// executable is a compiled PJRT_LoadedExecutable and its output count.
type executable struct {
	loaded  uintptr
	outputs int
}

// compile compiles code in format ("mlir" or "hlo") with the serialised
// CompileOptionsProto opts.
func (c *client) compile(code []byte, format string, opts []byte) (*executable, error) {
	f := []byte(format)
	p := newArgs[program]()
	p.code, p.codeSize = uintptr(unsafe.Pointer(unsafe.SliceData(code))), uintptr(len(code))
	p.format, p.formatSize = uintptr(unsafe.Pointer(unsafe.SliceData(f))), uintptr(len(f))
	args := newArgs[clientCompileArgs]()
	args.client, args.program, args.compileOptionsLen = c.c, p, uintptr(len(opts))
	if len(opts) > 0 {
		args.compileOptions = uintptr(unsafe.Pointer(unsafe.SliceData(opts)))
	}
	err := c.a.call(fnClientCompile, "PJRT_Client_Compile", ref("PJRT_Client_Compile_Args", args), ref("PJRT_Program", p))
	goruntime.KeepAlive(code)
	goruntime.KeepAlive(f)
	goruntime.KeepAlive(opts)
	if err != nil {
		return nil, err
	}
	e := &executable{loaded: args.executable}
	g := newArgs[getExecutableArgs]()
	g.loaded = e.loaded
	if err := c.a.call(fnLoadedExecutableGetExec, "PJRT_LoadedExecutable_GetExecutable", ref("PJRT_LoadedExecutable_GetExecutable_Args", g)); err != nil {
		c.destroyExecutable(e)
		return nil, err
	}
	n := newArgs[numOutputsArgs]()
	n.executable = g.executable
	err = c.a.call(fnExecutableNumOutputs, "PJRT_Executable_NumOutputs", ref("PJRT_Executable_NumOutputs_Args", n))
	c.destroy1(fnExecutableDestroy, "PJRT_Executable_Destroy", g.executable)
	if err != nil {
		c.destroyExecutable(e)
		return nil, err
	}
	e.outputs = int(n.numOutputs)
	return e, nil
}

func (c *client) destroyExecutable(e *executable) error {
	return c.destroy1(fnLoadedExecutableDestroy, "PJRT_LoadedExecutable_Destroy", e.loaded)
}

// destroy1 calls a PJRT_*_Destroy entry point (its args are struct_size,
// priv and the object).
func (c *client) destroy1(fn int, name string, obj uintptr) error {
	args := newArgs[objectArgs]()
	args.obj = obj
	return c.a.call(fn, name, ref(name+"_Args", args))
}

// await waits for event, destroys it and returns its error.
func (c *client) await(event uintptr, what string) error {
	if event == 0 {
		return nil
	}
	args := newArgs[eventArgs]()
	args.event = event
	err := c.a.call(fnEventAwait, what, ref("PJRT_Event_Await_Args", args))
	c.destroy1(fnEventDestroy, "PJRT_Event_Destroy", event)
	return err
}

// upload copies data (dense, row-major) into a new device buffer of
// element type typ (PJRT_Buffer_Type) and dims on the first device, and
// waits until the plugin no longer needs data.
func (c *client) upload(data []byte, typ int32, dims []int64) (uintptr, error) {
	if len(c.devices) == 0 {
		return 0, fmt.Errorf("pjrt: the client has no addressable device")
	}
	d := make([]int64, len(dims)+1) // a non-nil pointer even for rank 0
	copy(d, dims)
	ptr := uintptr(unsafe.Pointer(&d[0]))
	if len(data) > 0 {
		ptr = uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	}
	args := newArgs[bufferFromHostArgs]()
	args.client, args.data, args.typ, args.dims, args.numDims = c.c, ptr, typ, &d[0], uintptr(len(dims))
	args.semantics = 0 // kImmutableOnlyDuringCall
	args.device = c.devices[0]
	err := c.a.call(fnClientBufferFromHost, "PJRT_Client_BufferFromHostBuffer", ref("PJRT_Client_BufferFromHostBuffer_Args", args))
	if err == nil {
		err = c.await(args.doneWithHostBuffer, "PJRT_Client_BufferFromHostBuffer (transfer)")
	}
	goruntime.KeepAlive(data)
	goruntime.KeepAlive(d)
	if err != nil {
		if args.buffer != 0 {
			c.destroyBuffer(args.buffer)
		}
		return 0, err
	}
	return args.buffer, nil
}

// download copies buffer b into dst (its exact size) and waits.
func (c *client) download(b uintptr, dst []byte) error {
	args := newArgs[toHostArgs]()
	args.src, args.dstSize = b, uintptr(len(dst))
	var scratch [1]byte
	if len(dst) > 0 {
		args.dst = uintptr(unsafe.Pointer(unsafe.SliceData(dst)))
	} else {
		args.dst = uintptr(unsafe.Pointer(&scratch[0]))
	}
	err := c.a.call(fnBufferToHostBuffer, "PJRT_Buffer_ToHostBuffer", ref("PJRT_Buffer_ToHostBuffer_Args", args))
	if err == nil {
		err = c.await(args.event, "PJRT_Buffer_ToHostBuffer")
	}
	goruntime.KeepAlive(dst)
	return err
}

func (c *client) destroyBuffer(b uintptr) error {
	return c.destroy1(fnBufferDestroy, "PJRT_Buffer_Destroy", b)
}

// execute runs e on the first device with args (device buffers) and
// returns its output buffers, after waiting for it to finish.
func (c *client) execute(e *executable, args []uintptr) ([]uintptr, error) {
	argList := make([]uintptr, len(args)+1)
	copy(argList, args)
	outs := make([]uintptr, e.outputs+1)
	argPtr := &argList[0]
	outPtr := unsafe.SliceData(outs)
	var event uintptr
	opts := newArgs[executeOptions]()
	x := newArgs[executeArgs]()
	x.executable, x.options, x.argumentLists, x.numDevices, x.numArgs = e.loaded, opts, &argPtr, 1, uintptr(len(args))
	x.outputLists, x.deviceCompleteEvents = &outPtr, &event
	err := c.a.call(fnLoadedExecutableExecute, "PJRT_LoadedExecutable_Execute", ref("PJRT_LoadedExecutable_Execute_Args", x), ref("PJRT_ExecuteOptions", opts))
	goruntime.KeepAlive(argList)
	goruntime.KeepAlive(opts)
	if err != nil {
		return nil, err
	}
	res := outs[:e.outputs]
	if err := c.await(event, "PJRT_LoadedExecutable_Execute (run)"); err != nil {
		for _, b := range res {
			c.destroyBuffer(b)
		}
		return nil, err
	}
	return res, nil
}
