package tensorio

import (
	"fmt"
	"strconv"
)

// FormatError reports input that does not follow the .npy, .npz or
// safetensors format, or a tensor that a format cannot store.
//
// Its message reads `PATH: FORMAT: tensor "NAME": MSG`, leaving out the path
// for in-memory input and the tensor where the problem is not about one.
type FormatError struct {
	Format string // "npy", "npz" or "safetensors"
	Path   string // the file, or "" for in-memory data
	Tensor string // the tensor concerned, or "" (see HasTensor)
	// HasTensor reports whether the error is about the tensor named Tensor
	// (the empty string is a valid safetensors tensor name).
	HasTensor bool
	Msg       string
}

// Error returns the message `PATH: FORMAT: tensor "NAME": MSG`.
func (e *FormatError) Error() string {
	s := e.Format + ": "
	if e.Path != "" {
		s = e.Path + ": " + s
	}
	if e.HasTensor {
		s += "tensor " + strconv.Quote(e.Tensor) + ": "
	}
	return s + e.Msg
}

func errorf(format, path string, msg string, args ...any) *FormatError {
	return &FormatError{Format: format, Path: path, Msg: fmt.Sprintf(msg, args...)}
}

func tensorErrorf(format, path, tensor string, msg string, args ...any) *FormatError {
	return &FormatError{Format: format, Path: path, Tensor: tensor, HasTensor: true, Msg: fmt.Sprintf(msg, args...)}
}
