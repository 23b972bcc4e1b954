package emit

// normalized returns a copy of m whose nil lists and shapes are empty, so
// that the manifest spells them `[]` rather than `null` (a scalar's shape is
// `[]`). m itself is not modified.
func (m Manifest) normalized() Manifest {
	m.Entries = nonNil(m.Entries)
	for i := range m.Entries {
		e := &m.Entries[i]
		e.Inputs = normValues(e.Inputs)
		e.Outputs = normValues(e.Outputs)
	}
	m.Parameters = nonNil(m.Parameters)
	for i := range m.Parameters {
		m.Parameters[i].Shape = nonNil(m.Parameters[i].Shape)
	}
	m.Modules = nonNil(m.Modules)
	for i := range m.Modules {
		mod := &m.Modules[i]
		mod.Kernels = nonNil(mod.Kernels)
		for k := range mod.Kernels {
			mod.Kernels[k].Args = nonNil(mod.Kernels[k].Args)
		}
	}
	return m
}

func normValues(vs []Value) []Value {
	vs = nonNil(vs)
	for i := range vs {
		vs[i].Shape = nonNil(vs[i].Shape)
	}
	return vs
}

// nonNil returns a copy of s, empty rather than nil.
func nonNil[T any](s []T) []T {
	return append(make([]T, 0, len(s)), s...)
}
