package emit

import "fmt"

// FormatError reports a malformed or corrupt bundle: the file is not a
// bundle, is truncated, or does not match its own manifest or checksums.
type FormatError struct {
	// Path is the bundle's path, "" when it was parsed from memory.
	Path string
	// Msg says what is wrong.
	Msg string
}

// Error returns "PATH: bad bundle: MSG" (without "PATH: " for in-memory
// bundles).
func (e *FormatError) Error() string {
	if e.Path == "" {
		return "bad bundle: " + e.Msg
	}
	return e.Path + ": bad bundle: " + e.Msg
}

func formatErrorf(path, msg string, args ...any) *FormatError {
	return &FormatError{Path: path, Msg: fmt.Sprintf(msg, args...)}
}
