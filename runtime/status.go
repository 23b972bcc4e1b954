package runtime

import (
	"errors"
	"fmt"
)

// Status is a zml_device status code (docs/RUNTIME.md, section 5).
type Status int32

// The status codes.
const (
	StatusOK          Status = 0
	StatusDevice      Status = 1
	StatusOOM         Status = 2
	StatusInvalid     Status = 3
	StatusUnsupported Status = 4
	StatusKernel      Status = 5
)

var statusNames = [...]string{"OK", "ERR_DEVICE", "ERR_OOM", "ERR_INVALID", "ERR_UNSUPPORTED", "ERR_KERNEL"}

// String returns the code's name, e.g. "ERR_INVALID".
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status %d", int32(s))
}

// Errors drivers wrap to choose the status of a failure (StatusOf).
var (
	ErrOutOfMemory = errors.New("out of memory")
	ErrInvalid     = errors.New("invalid argument")
	ErrUnsupported = errors.New("not supported by this driver")
	ErrKernel      = errors.New("kernel failed")
)

// StatusOf returns the status a driver error becomes: StatusOK for nil,
// StatusOOM, StatusInvalid, StatusUnsupported or StatusKernel for errors
// wrapping ErrOutOfMemory, ErrInvalid, ErrUnsupported or ErrKernel, and
// StatusDevice for any other error.
func StatusOf(err error) Status {
	switch {
	case err == nil:
		return StatusOK
	case errors.Is(err, ErrOutOfMemory):
		return StatusOOM
	case errors.Is(err, ErrInvalid):
		return StatusInvalid
	case errors.Is(err, ErrUnsupported):
		return StatusUnsupported
	case errors.Is(err, ErrKernel):
		return StatusKernel
	}
	return StatusDevice
}

// Error is a failed run: the entry point, the zml_device operation that
// failed (with its kernel when it was a launch), and the driver's error.
type Error struct {
	// Entry is the entry point being run, "" when the error happened at Open.
	Entry string
	// Op describes the failing operation, e.g. `launch of kernel "fusion.3"
	// (module 0 "kernels", kernel 2)`, or "host program".
	Op string
	// Kernel is the kernel's manifest name for launches, else "".
	Kernel string
	// Status is the status code the operation produced.
	Status Status
	// Err is the underlying error.
	Err error
}

// Error returns `runtime: entry "E": OP: ERR`.
func (e *Error) Error() string {
	s := "runtime: "
	if e.Entry != "" {
		s += fmt.Sprintf("entry %q: ", e.Entry)
	}
	return s + e.Op + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }
