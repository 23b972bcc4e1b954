package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// reportError prints err to w: diagnostics as `file:line:col: error: ...`
// with their source line and caret (src, the text of filename, is attached
// when the diagnostic does not carry it), other errors as `zmlc: error: ...`.
func reportError(w io.Writer, err error, filename string, src []byte) {
	if src != nil {
		err = ir.WithSource(err, filename, src)
	}
	var d *ir.Diagnostic
	var ds ir.Diagnostics
	msg := err.Error()
	switch {
	case errors.As(err, &ds), errors.As(err, &d):
		// Already `file:line:col: error: ...`.
	case strings.Contains(firstLine(msg), ": error: "):
		// An error that already names its location (the interpreter's).
	default:
		msg = "zmlc: error: " + msg
	}
	fmt.Fprintln(w, msg)
}

// reportUsage prints a usage error and the hint to run --help.
func reportUsage(w io.Writer, err error, cmd string) {
	fmt.Fprintf(w, "zmlc: error: %v\nRun '%s --help' for usage.\n", err, cmd)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
