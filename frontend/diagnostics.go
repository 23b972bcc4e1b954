package frontend

import (
	"sort"

	"github.com/zmlc/zmlc/ir"
)

// Error recovery: the front end reports up to maxErrors name, type and
// shape errors per file, not only the first. Each statement of a function
// body (inlined bodies and loop bodies included) and each fn of the model
// is lowered under guard: an error is recorded and lowering goes on with
// the next statement. The names a failed statement would have defined or
// changed are poisoned, so a later statement that uses one is skipped
// silently (abort) instead of reporting a follow-on error; so is a call of
// a fn whose body had errors, and the fn being lowered when its body had
// any. Syntax errors and errors in declarations stop at the first.

// maxErrors is the most diagnostics reported for one file.
const maxErrors = 20

// abort unwinds a statement that depends on an earlier error, without a
// diagnostic of its own.
type abort struct{}

// tooManyErrors stops the compilation once maxErrors are recorded.
type tooManyErrors struct{}

// report records d unless the same message was already reported at the
// same place (an inlined body lowered once per call), and stops the
// compilation at maxErrors.
func (c *compiler) report(d *ir.Diagnostic) {
	key := d.Loc.String() + "\x00" + d.Message
	if c.reported[key] {
		return
	}
	if c.reported == nil {
		c.reported = map[string]bool{}
	}
	c.reported[key] = true
	c.diags = append(c.diags, d)
	if len(c.diags) >= maxErrors {
		panic(tooManyErrors{})
	}
}

// guard runs f, recording a compile error it raises; it reports whether f
// completed. Other panics pass through.
func (c *compiler) guard(f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			switch e := r.(type) {
			case compileError:
				c.report(e.d)
			case abort:
			default:
				panic(r)
			}
			ok = false
		}
	}()
	f()
	return true
}

// lowerGuarded lowers st under guard, poisoning what it defines or
// assigns when it fails.
func (c *compiler) lowerGuarded(st Stmt) {
	if c.guard(func() { c.lowerStmt(st) }) {
		return
	}
	var names []string
	switch st := st.(type) {
	case *LetStmt:
		names = st.Names
		if sc, ok := st.Value.(*ScanExpr); ok {
			names = assignedNames(sc.Body, names)
		}
	case *AssignStmt:
		names = st.Names
	case *ForStmt:
		names = assignedNames(st.Body, nil)
	case *WhileStmt:
		names = assignedNames(st.Body, nil)
	}
	for _, n := range names {
		if !c.fr.assign(n, val{kind: kPoison}) {
			c.fr.bind(n, val{kind: kPoison})
		}
	}
}

// errorsSince panics with abort when errors were recorded after the first
// n: the value being built depends on a part that failed.
func (c *compiler) errorsSince(n int) {
	if len(c.diags) > n {
		panic(abort{})
	}
}

// result returns the recorded diagnostics as an error, in source order: a
// single *ir.Diagnostic, or ir.Diagnostics when there are several.
func (c *compiler) result() error {
	if len(c.diags) == 1 {
		return c.diags[0]
	}
	sort.SliceStable(c.diags, func(i, j int) bool {
		a, b := c.diags[i].Loc, c.diags[j].Loc
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	return c.diags
}
