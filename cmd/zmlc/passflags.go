package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"
	"github.com/zmlc/zmlc/passes"
)

// passFlag is the value of one pass's own flag in `zmlc opt`
// (`-canonicalize`, `--inline='public=true'`), as mlir-opt registers one
// flag per pass: setting it appends the pass, with its options, to the
// shared list in command-line order.
type passFlag struct {
	name  string
	items *[]string
}

func (f *passFlag) String() string { return "" }
func (f *passFlag) Type() string   { return "" }

// Set records the pass: `true` (the bare flag) without options, any other
// value as its options (`public=true max-rewrites=10`, mlir-opt's
// `-pass='opt=v opt2=w'`); `false` leaves it out.
func (f *passFlag) Set(v string) error {
	switch v {
	case "true", "":
		*f.items = append(*f.items, f.name)
	case "false":
	default:
		*f.items = append(*f.items, f.name+"{"+v+"}")
	}
	return nil
}

// addPassFlags registers one flag per registered pass (passes.Registered)
// on fs, each appending to items when given.
func addPassFlags(fs *pflag.FlagSet, items *[]string) {
	for _, p := range passes.Registered() {
		f := fs.VarPF(&passFlag{name: p.Argument, items: items}, p.Argument, "", p.Summary)
		f.NoOptDefVal = "true"
		f.Hidden = true // listed by passTable in the help
	}
}

// passTable lists the registered passes in two aligned columns, each line
// `indent ARGUMENT  SUMMARY`, with the pass's options (`{name=...}`) on
// the lines below it.
func passTable(indent string) string {
	reg := passes.Registered()
	width := 0
	for _, p := range reg {
		width = max(width, len(p.Argument))
	}
	var b strings.Builder
	for _, p := range reg {
		fmt.Fprintf(&b, "%s%-*s  %s\n", indent, width, p.Argument, p.Summary)
		var names []string
		for k := range p.Options {
			names = append(names, k)
		}
		slices.Sort(names)
		for _, k := range names {
			fmt.Fprintf(&b, "%s%-*s    %s=...  %s\n", indent, width, "", k, p.Options[k])
		}
	}
	return b.String()
}

// opAnchors are the op names a textual pipeline may nest passes under:
// `builtin.module(func.func(canonicalize,cse))`.
var opAnchors = []string{"builtin.module", "func.func"}

// flattenPipeline turns mlir-opt's --pass-pipeline text, where passes may
// be nested under op anchors (`builtin.module(func.func(cse),inline)`),
// into the flat list passes.ParsePipeline reads. zmlc's passes are module
// passes that treat every function alike, so passes nested under
// `func.func(...)` run once on the whole module, in the same order.
func flattenPipeline(text string) (string, error) {
	items, err := splitTopLevel(text)
	if err != nil {
		return "", fmt.Errorf("pipeline %q: %v", text, err)
	}
	var out []string
	for _, it := range items {
		open := strings.IndexByte(it, '(')
		brace := strings.IndexByte(it, '{')
		if open < 0 || brace >= 0 && brace < open {
			out = append(out, it)
			continue
		}
		anchor := strings.TrimSpace(it[:open])
		if !strings.HasSuffix(it, ")") {
			return "", fmt.Errorf("pipeline %q: missing ')' closing %s(", text, anchor)
		}
		known := false
		for _, a := range opAnchors {
			known = known || a == anchor
		}
		if !known {
			return "", fmt.Errorf("pipeline %q: unknown op anchor '%s'; zmlc nests passes under %s", text, anchor, strings.Join(opAnchors, " and "))
		}
		inner, err := flattenPipeline(it[open+1 : len(it)-1])
		if err != nil {
			return "", err
		}
		if inner != "" {
			out = append(out, inner)
		}
	}
	return strings.Join(out, ","), nil
}

// splitTopLevel splits s on the commas outside braces and parentheses,
// trimming blanks; an empty s gives no items.
func splitTopLevel(s string) ([]string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var items []string
	var stack []byte
	start := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '{', '(':
			stack = append(stack, c)
		case '}', ')':
			want := byte('{')
			if c == ')' {
				want = '('
			}
			if len(stack) == 0 || stack[len(stack)-1] != want {
				return nil, fmt.Errorf("unbalanced '%c' at offset %d", c, i)
			}
			stack = stack[:len(stack)-1]
		case ',':
			if len(stack) == 0 {
				items = append(items, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if len(stack) > 0 {
		return nil, fmt.Errorf("missing '%c'", map[byte]byte{'{': '}', '(': ')'}[stack[len(stack)-1]])
	}
	items = append(items, strings.TrimSpace(s[start:]))
	for _, it := range items {
		if it == "" {
			return nil, fmt.Errorf("empty pass name")
		}
	}
	return items, nil
}

// unknownLongFlag returns the first argument of args (before `--`) that
// looks like a long flag with one or two dashes (`-banana`, `--banana=x`)
// whose name fs does not know and does not start with a one-letter
// shorthand (`-O2`, `-ofile`), or "" when there is none. pflag would call
// `-banana` an unknown shorthand 'b'; mlir-opt users mean a pass.
func unknownLongFlag(fs *pflag.FlagSet, args []string) string {
	for _, a := range args {
		if a == "--" {
			return ""
		}
		if len(a) < 3 || a[0] != '-' {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if fs.Lookup(name) != nil {
			continue
		}
		if !strings.HasPrefix(a, "--") && fs.ShorthandLookup(a[1:2]) != nil {
			continue
		}
		return a
	}
	return ""
}
