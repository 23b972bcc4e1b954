package main

import (
	"strings"

	"github.com/spf13/pflag"
)

// normalizeArgs rewrites long flags given with one dash (`-target=rocm`,
// `-target rocm`, `-emit=mlir`) to their two-dash form so that pflag, which
// would read `-target` as the shorthands -t -a -r ..., accepts them. Only
// names of length > 1 registered as long flags in fs are rewritten, so
// one-letter shorthands (`-o out`, `-O2`, `-h`) keep working, and `-O2`
// (no long flag "O2") stays a shorthand with an attached value.
//
// Arguments that are values of a preceding flag (`-o -target`) and
// everything after a `--` terminator are left alone.
func normalizeArgs(fs *pflag.FlagSet, args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		out = append(out, a)
		if a == "--" {
			out = append(out, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			continue // a positional argument or "-"
		}
		if strings.HasPrefix(a, "--") {
			name, _, hasValue := strings.Cut(a[2:], "=")
			if f := fs.Lookup(name); f != nil && !hasValue && takesValue(f) {
				i = copyValue(args, i, &out)
			}
			continue
		}
		name, _, hasValue := strings.Cut(a[1:], "=")
		if len(name) > 1 {
			if f := fs.Lookup(name); f != nil {
				out[len(out)-1] = "-" + a
				if !hasValue && takesValue(f) {
					i = copyValue(args, i, &out)
				}
				continue
			}
		}
		// Shorthands, possibly grouped (-hO2): the first one that takes a
		// value consumes the rest of the argument, or the next argument.
		for j := 1; j < len(a); j++ {
			f := fs.ShorthandLookup(a[j : j+1])
			if f == nil {
				break // pflag reports the unknown shorthand
			}
			if takesValue(f) {
				if j == len(a)-1 {
					i = copyValue(args, i, &out)
				}
				break
			}
		}
	}
	return out
}

// takesValue reports whether f needs a value (`--target rocm`) rather than
// standing alone (`--help`).
func takesValue(f *pflag.Flag) bool { return f.NoOptDefVal == "" }

// copyValue appends the argument after args[i], the value of the flag at
// args[i], unchanged, and returns the index of the last argument used.
func copyValue(args []string, i int, out *[]string) int {
	if i+1 < len(args) {
		*out = append(*out, args[i+1])
		return i + 1
	}
	return i
}
