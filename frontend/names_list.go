package frontend

import (
	"sort"
	"strings"
)

// Name lists for "did you mean" suggestions (suggest.go).

// valueNames lists the names a bare identifier can refer to in the current
// function: local variables, the instance's parameters and sub-modules
// and the known dimension names.
func (c *compiler) valueNames() []string {
	var out []string
	for _, sc := range c.fr.scopes {
		for n := range sc {
			out = append(out, n)
		}
	}
	out = append(out, c.paramNames(c.fr.inst)...)
	for n := range c.fr.inst.subs {
		out = append(out, n)
	}
	for n := range c.fr.inst.arrays {
		out = append(out, n)
	}
	return append(out, c.dimNames()...)
}

// memberNames lists the parameters, sub-modules and fns of instance in.
func (c *compiler) memberNames(in *instance) []string {
	out := c.paramNames(in)
	for n := range in.subs {
		out = append(out, n)
	}
	for n := range in.arrays {
		out = append(out, n)
	}
	return append(out, c.fnNames(in)...)
}

// paramNames lists the (dotted, local) parameter names of instance in.
func (c *compiler) paramNames(in *instance) []string {
	var out []string
	for n := range in.params {
		out = append(out, n)
	}
	return out
}

// fnNames lists the fns of instance in.
func (c *compiler) fnNames(in *instance) []string {
	var out []string
	for _, f := range in.decl.Fns {
		out = append(out, f.Name)
	}
	return out
}

// builtinNames lists the built-ins (without the chlo. prefixed spellings).
func builtinNames() []string {
	var out []string
	for n := range builtins {
		if !strings.Contains(n, ".") {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}
