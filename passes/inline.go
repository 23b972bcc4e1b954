package passes

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
)

// inlinePass replaces each func.call of a private function (of any
// function with the option public=true) by a copy of the callee's body,
// then erases private functions that nothing refers to any more. Calls in
// a cycle of the call graph (recursion) are not inlined. Callees whose body
// has more than one block are not inlined. Inlined ops keep the callee's
// locations.
//
// Inlining can grow a module exponentially (41 functions each calling the
// previous one twice would make 2^40 copies), so before copying anything
// the pass computes each function's size once inlined and refuses, with an
// error at the call that crosses it, a function that would exceed maxOps
// operations (option max-ops, DefaultInlineMaxOps).
type inlinePass struct {
	public bool
	maxOps int64
}

// DefaultInlineMaxOps is the inliner's default limit on the operations of
// one function after inlining (option max-ops): ten times the largest
// model zmlc compiles today (a 32-layer transformer is about 10^5 ops).
const DefaultInlineMaxOps = 1_000_000

func init() {
	Register(&PassInfo{
		Argument: "inline",
		Name:     "Inliner",
		Summary:  "Inline function calls",
		Options: map[string]string{
			"public":  "also inline calls of public functions (default false)",
			"max-ops": "most operations one function may have once inlined (default 1000000)",
		},
		New: func(o map[string]string) (Pass, error) {
			pub, err := boolOption(o, "public", false)
			if err != nil {
				return nil, err
			}
			n, err := intOption(o, "max-ops", DefaultInlineMaxOps, 1)
			return &inlinePass{public: pub, maxOps: n}, err
		},
	})
}

func (*inlinePass) Name() string     { return "Inliner" }
func (*inlinePass) Argument() string { return "inline" }
func (*inlinePass) Summary() string  { return Lookup("inline").Summary }

// Run inlines calls in every function of m, callees first, and erases the
// unused private functions.
func (p *inlinePass) Run(m *ir.Module) error {
	recursive := recursiveFuncs(m)
	if err := p.checkSizes(m, recursive); err != nil {
		return err
	}
	done := map[string]bool{}
	var process func(f *ir.Func) error
	process = func(f *ir.Func) error {
		if done[f.Name] || f.Body == nil {
			return nil
		}
		done[f.Name] = true
		// Inline into callees first, so that each body is copied once
		// fully inlined.
		var callees []*ir.Func
		f.Body.Walk(func(op *ir.Op) bool {
			if op.Name == "func.call" {
				if g := m.Func(calleeName(op)); g != nil && !recursive[g.Name] {
					callees = append(callees, g)
				}
			}
			return true
		})
		for _, g := range callees {
			if err := process(g); err != nil {
				return err
			}
		}
		return p.inlineCalls(m, f, recursive)
	}
	for _, f := range m.Funcs {
		if err := process(f); err != nil {
			return err
		}
	}
	eraseUnusedPrivateFuncs(m)
	return nil
}

// inlineCalls inlines the eligible calls of f.
func (p *inlinePass) inlineCalls(m *ir.Module, f *ir.Func, recursive map[string]bool) error {
	rw := NewRewriter(f.Body)
	var calls []*ir.Op
	f.Body.Walk(func(op *ir.Op) bool {
		if op.Name == "func.call" {
			calls = append(calls, op)
		}
		return true
	})
	for _, call := range calls {
		g := p.inlinable(m, call, recursive)
		if g == nil {
			continue
		}
		entry := g.Body.Blocks[0]
		if len(entry.Args) != len(call.Operands) {
			return fmt.Errorf("%s: call of @%s passes %d arguments, the function takes %d", call.Loc, g.Name, len(call.Operands), len(entry.Args))
		}
		vmap := map[*ir.Value]*ir.Value{}
		for i, a := range entry.Args {
			vmap[a] = call.Operands[i]
		}
		var results []*ir.Value
		for _, op := range entry.Ops {
			if op.Name == "func.return" {
				for _, v := range op.Operands {
					if w, ok := vmap[v]; ok {
						v = w
					}
					results = append(results, v)
				}
				break
			}
			rw.InsertBefore(call, cloneOp(op, vmap))
		}
		if len(results) != len(call.Results) {
			return fmt.Errorf("%s: call of @%s expects %d results, the function returns %d", call.Loc, g.Name, len(call.Results), len(results))
		}
		rw.ReplaceOp(call, results...)
	}
	rw.Finish(f.Body)
	return nil
}

// inlinable returns the callee of call when the pass inlines it, else nil.
func (p *inlinePass) inlinable(m *ir.Module, call *ir.Op, recursive map[string]bool) *ir.Func {
	g := m.Func(calleeName(call))
	if g == nil || g.Body == nil || recursive[g.Name] || (g.IsPublic() && !p.public) || len(g.Body.Blocks) != 1 {
		return nil
	}
	return g
}

// checkSizes computes the number of operations each function would have
// once every inlinable call in it is inlined (memoised per function, so
// linear in the module) and returns a positioned error at the first call
// that takes a function past p.maxOps.
func (p *inlinePass) checkSizes(m *ir.Module, recursive map[string]bool) error {
	size := map[string]int64{}
	var sizeOf func(f *ir.Func) (int64, error)
	sizeOf = func(f *ir.Func) (int64, error) {
		if n, ok := size[f.Name]; ok {
			return n, nil
		}
		size[f.Name] = 0 // recursion is not inlined; a cycle adds nothing
		var n int64
		var calls []*ir.Op
		f.Body.Walk(func(op *ir.Op) bool {
			n++
			if op.Name == "func.call" {
				calls = append(calls, op)
			}
			return true
		})
		var err error
		for _, op := range calls {
			g := p.inlinable(m, op, recursive)
			if g == nil {
				continue
			}
			var k int64
			if k, err = sizeOf(g); err != nil {
				break
			}
			n += k - 1 // the call is replaced by the body
			if n > p.maxOps {
				err = &ir.Diagnostic{Loc: op.Loc, Message: fmt.Sprintf(
					"inlining @%s (%d ops once inlined) into @%s would take it past %d ops, the inliner's limit (inline{max-ops=N} raises it; keep the call with -O1, which does not inline)",
					g.Name, k, f.Name, p.maxOps)}
				break
			}
		}
		if err != nil {
			return 0, err
		}
		size[f.Name] = n
		return n, nil
	}
	for _, f := range m.Funcs {
		if f.Body == nil {
			continue
		}
		if _, err := sizeOf(f); err != nil {
			return err
		}
	}
	return nil
}

// recursiveFuncs returns the functions that lie on a cycle of the call
// graph (Tarjan's strongly connected components; a function calling
// itself counts).
func recursiveFuncs(m *ir.Module) map[string]bool {
	calls := map[string][]string{}
	for _, f := range m.Funcs {
		if f.Body == nil {
			continue
		}
		f.Body.Walk(func(op *ir.Op) bool {
			if op.Name == "func.call" {
				calls[f.Name] = append(calls[f.Name], calleeName(op))
			}
			return true
		})
	}
	index := map[string]int{}
	low := map[string]int{}
	onStack := map[string]bool{}
	var stack []string
	rec := map[string]bool{}
	next := 0
	var strong func(v string)
	strong = func(v string) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range calls[v] {
			if w == v {
				rec[v] = true
			}
			if _, seen := index[w]; !seen {
				strong(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			var comp []string
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp = append(comp, w)
				if w == v {
					break
				}
			}
			if len(comp) > 1 {
				for _, w := range comp {
					rec[w] = true
				}
			}
		}
	}
	for _, f := range m.Funcs {
		if _, seen := index[f.Name]; !seen {
			strong(f.Name)
		}
	}
	return rec
}

// eraseUnusedPrivateFuncs removes private functions that no op or
// attribute of the module refers to (as MLIR's symbol-dce), repeating
// until none is left.
func eraseUnusedPrivateFuncs(m *ir.Module) {
	for {
		used := map[string]bool{}
		mark := func(op *ir.Op, self string) {
			for _, a := range op.Attrs {
				symbolRefs(a.Value, func(s string) {
					if s != self {
						used[s] = true
					}
				})
			}
		}
		for _, g := range m.Globals {
			mark(g, "")
		}
		for _, f := range m.Funcs {
			for _, a := range f.Attrs {
				symbolRefs(a.Value, func(s string) { used[s] = true })
			}
			if f.Body != nil {
				f.Body.Walk(func(op *ir.Op) bool { mark(op, f.Name); return true })
			}
		}
		kept := m.Funcs[:0:0]
		for _, f := range m.Funcs {
			if !f.IsPublic() && !used[f.Name] {
				continue
			}
			kept = append(kept, f)
		}
		if len(kept) == len(m.Funcs) {
			return
		}
		m.Funcs = kept
	}
}

// symbolRefs calls fn with every symbol name referenced in a (nested
// references `@a::@b` count for their root `a`).
func symbolRefs(a ir.Attribute, fn func(string)) {
	switch a := a.(type) {
	case *ir.SymbolRefAttr:
		name := a.Name
		for i := 0; i+1 < len(name); i++ {
			if name[i] == ':' && name[i+1] == ':' {
				name = name[:i]
				break
			}
		}
		fn(name)
	case ir.ArrayAttr:
		for _, x := range a {
			symbolRefs(x, fn)
		}
	case *ir.DictAttr:
		for _, x := range a.Attrs {
			symbolRefs(x.Value, fn)
		}
	}
}
