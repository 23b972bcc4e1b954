//go:build !linux

package cpu

// loadMemfd is Linux only: elsewhere Load writes a temporary file.
func loadMemfd(so []byte) (*Library, bool, error) { return nil, false, nil }
