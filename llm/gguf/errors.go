package gguf

import "fmt"

// FormatError reports a file that does not follow the GGUF format, or a
// tensor this package cannot decode. Its message reads
// `PATH: gguf: MSG` (without the path for in-memory data); Offset is the
// byte offset in the file where the problem was found, or -1.
type FormatError struct {
	Path   string
	Offset int64
	Msg    string
}

// Error returns `PATH: gguf: MSG` (with ` (at byte N)` when the offset is
// known).
func (e *FormatError) Error() string {
	s := "gguf: " + e.Msg
	if e.Offset >= 0 {
		s += fmt.Sprintf(" (at byte %d)", e.Offset)
	}
	if e.Path != "" {
		s = e.Path + ": " + s
	}
	return s
}
