package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

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
	fmt.Fprintln(w, elide(msg))
}

// maxLineLen bounds one printed error line: a message nested through a deep
// call chain (each level adding its location) keeps its head and its tail,
// which says what went wrong.
const maxLineLen = 2000

// elide shortens each line of msg longer than maxLineLen to its first and
// last maxLineLen/2 bytes around a note of how much was left out.
func elide(msg string) string {
	lines := strings.Split(msg, "\n")
	for i, l := range lines {
		if len(l) > maxLineLen {
			head, tail := maxLineLen/2, len(l)-maxLineLen/2
			for head > 0 && !utf8.RuneStart(l[head]) {
				head--
			}
			for tail < len(l) && !utf8.RuneStart(l[tail]) {
				tail++
			}
			lines[i] = fmt.Sprintf("%s ...[%d bytes elided]... %s", l[:head], tail-head, l[tail:])
		}
	}
	return strings.Join(lines, "\n")
}

// reportUsage prints a usage error and the hint to run --help.
func reportUsage(w io.Writer, err error, cmd string) {
	if ue, ok := err.(*usageError); ok && ue.oneLine {
		fmt.Fprintf(w, "zmlc: error: %v\n", err)
		return
	}
	fmt.Fprintf(w, "zmlc: error: %v\nRun '%s --help' for usage.\n", err, cmd)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
