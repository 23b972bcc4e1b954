package frontend

// frame is the lowering state of one function body being inlined: its
// module instance, its lexical scopes of local variables, and the named
// dimensions its signature bound.
type frame struct {
	inst   *instance
	fn     *FnDecl
	dims   map[string]dimInfo
	scopes []map[string]val
	loops  int // nesting depth of stablehlo.while bodies
}

func (f *frame) push() { f.scopes = append(f.scopes, map[string]val{}) }
func (f *frame) pop()  { f.scopes = f.scopes[:len(f.scopes)-1] }

// bind defines name in the innermost scope.
func (f *frame) bind(name string, v val) { f.scopes[len(f.scopes)-1][name] = v }

// lookup finds a local variable, innermost scope first. A poisoned one
// (its definition failed) aborts the statement using it.
func (f *frame) lookup(name string) (val, bool) {
	for i := len(f.scopes) - 1; i >= 0; i-- {
		if v, ok := f.scopes[i][name]; ok {
			if v.kind == kPoison {
				panic(abort{})
			}
			return v, true
		}
	}
	return val{}, false
}

// assign rebinds an existing local variable in the scope that holds it.
func (f *frame) assign(name string, v val) bool {
	for i := len(f.scopes) - 1; i >= 0; i-- {
		if _, ok := f.scopes[i][name]; ok {
			f.scopes[i][name] = v
			return true
		}
	}
	return false
}
