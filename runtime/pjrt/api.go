package pjrt

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"unsafe"

	"github.com/ebitengine/purego"
)

// The PJRT C API (openxla/xla xla/pjrt/c/pjrt_c_api.h), as zmlc calls it.
// A plugin exports GetPjrtApi, which returns a PJRT_Api: a struct_size, an
// extension pointer, the PJRT_Api_Version {struct_size, priv, major,
// minor} and then one function pointer per entry point in the header's
// order (fnIndex). Every entry point takes one *_Args struct that starts
// with struct_size and priv and returns a PJRT_Error* (nil on success).
// The Go structs below mirror the C layouts of an LP64 ABI (size_t and
// pointers 8 bytes, int and enums 4, bool 1).

// APIMajor is the PJRT_API_MAJOR zmlc is written against: a plugin whose
// major version differs is refused (the header's rule: a major change is
// ABI-incompatible).
const APIMajor = 0

// APIMinorMin is the oldest PJRT_API_MINOR whose function table has every
// entry point the driver calls.
const APIMinorMin = 33

// fnIndex are the PJRT_Api entry points the driver calls, as their index
// in the function table (the header's _PJRT_API_STRUCT_FIELD order).
const (
	fnErrorDestroy             = 0
	fnErrorMessage             = 1
	fnErrorGetCode             = 2
	fnPluginInitialize         = 3
	fnEventDestroy             = 5
	fnEventAwait               = 8
	fnClientCreate             = 10
	fnClientDestroy            = 11
	fnClientPlatformName       = 12
	fnClientPlatformVersion    = 14
	fnClientAddressableDevices = 16
	fnClientCompile            = 20
	fnClientBufferFromHost     = 22
	fnExecutableDestroy        = 40
	fnExecutableNumOutputs     = 44
	fnLoadedExecutableDestroy  = 50
	fnLoadedExecutableGetExec  = 51
	fnLoadedExecutableExecute  = 55
	fnBufferDestroy            = 58
	fnBufferToHostBuffer       = 70
	fnCount                    = 71 // the table must reach at least this far
)

// apiFuncsOffset is the byte offset of the first function pointer:
// struct_size (8), extension_start (8), PJRT_Api_Version (24).
const apiFuncsOffset = 40

var _ = [1]int{}[unsafe.Offsetof(apiTable{}.fns)-apiFuncsOffset] // the layout is the header's

// api is a loaded plugin.
type api struct {
	path         string
	lib          uintptr
	table        *apiTable
	major, minor int
	size         uintptr            // the table's struct_size
	sizes        map[string]uintptr // struct sizes the plugin asked for (call)
}

// LoadError is a plugin that could not be loaded: its path and why.
type LoadError struct {
	Path string
	Err  error
}

func (e *LoadError) Error() string { return fmt.Sprintf("pjrt: plugin %s: %v", e.Path, e.Err) }
func (e *LoadError) Unwrap() error { return e.Err }

// ErrVersion is a plugin whose PJRT C API version the driver cannot use.
var ErrVersion = errors.New("incompatible PJRT C API version")

// load dlopens path, calls GetPjrtApi and checks the API version.
func load(path string) (*api, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, &LoadError{Path: path, Err: fmt.Errorf("no such file")}
	}
	lib, err := purego.Dlopen(path, purego.RTLD_NOW|purego.RTLD_LOCAL)
	if err != nil {
		return nil, &LoadError{Path: path, Err: fmt.Errorf("cannot load it (not a shared library for this machine?): %s", oneLine(err.Error()))}
	}
	sym, err := purego.Dlsym(lib, "GetPjrtApi")
	if err != nil || sym == 0 {
		purego.Dlclose(lib)
		return nil, &LoadError{Path: path, Err: fmt.Errorf("it exports no GetPjrtApi: not a PJRT plugin")}
	}
	var getPjrtAPI func() *apiTable
	purego.RegisterFunc(&getPjrtAPI, sym)
	table := getPjrtAPI()
	if table == nil {
		purego.Dlclose(lib)
		return nil, &LoadError{Path: path, Err: fmt.Errorf("GetPjrtApi returned NULL")}
	}
	a := &api{path: path, lib: lib, table: table, sizes: map[string]uintptr{},
		size: table.structSize, major: int(table.major), minor: int(table.minor)}
	if a.major != APIMajor {
		purego.Dlclose(lib)
		return nil, &LoadError{Path: path, Err: fmt.Errorf("%w: the plugin has PJRT C API %d.%d, this zmlc speaks major version %d", ErrVersion, a.major, a.minor, APIMajor)}
	}
	if a.size < apiFuncsOffset+8*fnCount || a.minor < APIMinorMin {
		purego.Dlclose(lib)
		return nil, &LoadError{Path: path, Err: fmt.Errorf("%w: the plugin has PJRT C API %d.%d, this zmlc needs %d.%d or later", ErrVersion, a.major, a.minor, APIMajor, APIMinorMin)}
	}
	return a, nil
}

// apiTable is the start of PJRT_Api: its size, extension pointer,
// PJRT_Api_Version and the function pointers the driver uses.
type apiTable struct {
	structSize     uintptr
	extensionStart uintptr
	versionSize    uintptr
	versionPriv    uintptr
	major, minor   int32
	fns            [fnCount]uintptr
}

// fn returns function index i of the table.
func (a *api) fn(i int) uintptr { return a.table.fns[i] }

// padded holds an args struct followed by zero bytes, so that a plugin
// newer than zmlc's header may be told a larger struct_size: fields
// appended to a struct since then read as zero (null, 0, false), which the
// header's rules make their "not set" value.
type padded[T any] struct {
	v   T
	pad [maxGrowth / 8]uint64
}

// maxGrowth is how many bytes an args struct may have grown by.
const maxGrowth = 256

// newArgs returns a zeroed args struct of type T with maxGrowth zero bytes
// after it.
func newArgs[T any]() *T { return &new(padded[T]).v }

// structRef names a struct passed to a call (its PJRT type name, where it
// is and its size in zmlc's header), so its struct_size can be set.
type structRef struct {
	name string
	p    unsafe.Pointer
	size uintptr
}

// sizeMismatch matches the plugins' struct-size errors
// (xla/pjrt/c/pjrt_c_api_helpers.cc, ActualStructSizeIsGreaterOrEqual).
var sizeMismatch = regexp.MustCompile(`Unexpected (\w+) size: expected (\d+), got (\d+)`)

// call calls entry point i on the args struct args[0] (args[1:] are
// structs it points to) and turns a returned PJRT_Error into a Go error
// (*Error), destroying it. Each struct's struct_size is its size in
// zmlc's header, or the larger size the plugin asked for before: a plugin
// built with a later header rejects a smaller struct_size, naming the size
// it expects, and the call is then repeated with it (the structs are
// padded with zero bytes, newArgs).
func (a *api) call(i int, name string, args ...structRef) error {
	f := a.fn(i)
	if f == 0 {
		return fmt.Errorf("pjrt: the plugin does not implement %s", name)
	}
	for try := 0; ; try++ {
		for _, s := range args {
			*(*uintptr)(s.p) = max(s.size, a.sizes[s.name])
		}
		e, _, _ := purego.SyscallN(f, uintptr(args[0].p))
		if e == 0 {
			return nil
		}
		err := a.errorOf(name, e)
		var pe *Error
		if try < 4 && errors.As(err, &pe) {
			if m := sizeMismatch.FindStringSubmatch(pe.Message); m != nil {
				want, _ := strconv.Atoi(m[2])
				for _, s := range args {
					if s.name == m[1] && uintptr(want) > max(s.size, a.sizes[s.name]) && uintptr(want) <= s.size+maxGrowth {
						a.sizes[s.name] = uintptr(want)
						err = nil
					}
				}
				if err == nil {
					continue
				}
			}
		}
		return err
	}
}

// ref describes the args struct p of type T named name.
func ref[T any](name string, p *T) structRef {
	var t T
	return structRef{name: name, p: unsafe.Pointer(p), size: unsafe.Sizeof(t)}
}

// Error is a failed PJRT call: the entry point, the plugin's error code
// (PJRT_Error_Code, absl's status codes) and its message, one line.
type Error struct {
	Call    string
	Code    int
	Message string
}

// codeNames are PJRT_Error_Code's names.
var codeNames = []string{"OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
	"PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL",
	"UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"}

func (e *Error) Error() string {
	code := fmt.Sprint(e.Code)
	if e.Code >= 0 && e.Code < len(codeNames) {
		code = codeNames[e.Code]
	}
	return fmt.Sprintf("pjrt: %s: %s: %s", e.Call, code, e.Message)
}

type errorDestroyArgs struct {
	structSize, priv, err uintptr
}

type errorMessageArgs struct {
	structSize, priv, err uintptr
	message               *byte
	messageSize           uintptr
}

type errorGetCodeArgs struct {
	structSize, priv, err uintptr
	code                  int32
}

// errorOf reads and destroys a PJRT_Error.
func (a *api) errorOf(call string, e uintptr) error {
	m := newArgs[errorMessageArgs]()
	m.structSize, m.err = unsafe.Sizeof(errorMessageArgs{}), e
	purego.SyscallN(a.fn(fnErrorMessage), uintptr(unsafe.Pointer(m)))
	msg := ""
	if m.message != nil && m.messageSize > 0 {
		msg = string(unsafe.Slice(m.message, m.messageSize))
	}
	c := newArgs[errorGetCodeArgs]()
	c.structSize, c.err = unsafe.Offsetof(errorGetCodeArgs{}.code)+4, e
	purego.SyscallN(a.fn(fnErrorGetCode), uintptr(unsafe.Pointer(c)))
	d := newArgs[errorDestroyArgs]()
	d.structSize, d.err = unsafe.Sizeof(errorDestroyArgs{}), e
	purego.SyscallN(a.fn(fnErrorDestroy), uintptr(unsafe.Pointer(d)))
	return &Error{Call: call, Code: int(c.code), Message: oneLine(msg)}
}

// oneLine joins a multi-line message into one line.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	fields := strings.Split(s, "\n")
	for i := range fields {
		fields[i] = strings.TrimSpace(fields[i])
	}
	return strings.Join(fields, " | ")
}

// goString copies n bytes at p.
func goString(p *byte, n uintptr) string {
	if p == nil || n == 0 {
		return ""
	}
	return string(unsafe.Slice(p, n))
}
