package runtime

// A tiny Wasm binary encoder for tests: just enough to hand-assemble host
// programs that exercise the zml_device ABI.

type wfunc struct {
	typ    int
	locals []byte // value types of extra locals
	body   []byte // instructions, without the final end
}

type wexport struct {
	name  string
	kind  byte // 0 func, 3 global
	index int
}

type wmod struct {
	types   [][2][]byte // params, results
	imports []struct {
		mod, name string
		typ       int
	}
	memMin  uint32
	memMax  uint32
	funcs   []wfunc
	globals []int32 // immutable i32 globals
	exports []wexport
}

// typ returns the index of the function type params -> results.
func (m *wmod) typ(params, results []byte) int {
	for i, t := range m.types {
		if string(t[0]) == string(params) && string(t[1]) == string(results) {
			return i
		}
	}
	m.types = append(m.types, [2][]byte{params, results})
	return len(m.types) - 1
}

// importFunc adds an imported function and returns its index (imports
// must all be added before functions).
func (m *wmod) importFunc(mod, name string, params, results []byte) int {
	m.imports = append(m.imports, struct {
		mod, name string
		typ       int
	}{mod, name, m.typ(params, results)})
	return len(m.imports) - 1
}

// fn adds a function and returns its index.
func (m *wmod) fn(params, results, locals, body []byte) int {
	m.funcs = append(m.funcs, wfunc{m.typ(params, results), locals, body})
	return len(m.imports) + len(m.funcs) - 1
}

func wname(b []byte, s string) []byte { return append(appendULEB(b, uint64(len(s))), s...) }

func (m *wmod) bytes() []byte {
	b := []byte{0, 'a', 's', 'm', 1, 0, 0, 0}
	var s []byte
	s = appendULEB(s, uint64(len(m.types)))
	for _, t := range m.types {
		s = append(s, 0x60)
		s = append(appendULEB(s, uint64(len(t[0]))), t[0]...)
		s = append(appendULEB(s, uint64(len(t[1]))), t[1]...)
	}
	b = appendSection(b, 1, s)
	s = appendULEB(nil, uint64(len(m.imports)+1))
	for _, im := range m.imports {
		s = wname(wname(s, im.mod), im.name)
		s = appendULEB(append(s, 0x00), uint64(im.typ))
	}
	s = wname(wname(s, "env"), "memory")
	s = append(s, 0x02, 0x03)
	s = appendULEB(appendULEB(s, uint64(m.memMin)), uint64(m.memMax))
	b = appendSection(b, 2, s)
	s = appendULEB(nil, uint64(len(m.funcs)))
	for _, f := range m.funcs {
		s = appendULEB(s, uint64(f.typ))
	}
	b = appendSection(b, 3, s)
	if len(m.globals) > 0 {
		s = appendULEB(nil, uint64(len(m.globals)))
		for _, g := range m.globals {
			s = append(s, 0x7f, 0x00) // i32, immutable
			s = append(append(s, 0x41), sleb(int64(g))...)
			s = append(s, 0x0b)
		}
		b = appendSection(b, 6, s)
	}
	s = appendULEB(nil, uint64(len(m.exports)))
	for _, e := range m.exports {
		s = appendULEB(append(wname(s, e.name), e.kind), uint64(e.index))
	}
	b = appendSection(b, 7, s)
	s = appendULEB(nil, uint64(len(m.funcs)))
	for _, f := range m.funcs {
		var body []byte
		body = appendULEB(body, uint64(len(f.locals)))
		for _, l := range f.locals {
			body = append(body, 1, l)
		}
		body = append(append(body, f.body...), 0x0b)
		s = append(appendULEB(s, uint64(len(body))), body...)
	}
	return appendSection(b, 10, s)
}

func sleb(v int64) []byte {
	var b []byte
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// Value types and instructions.
const (
	tI32 = 0x7f
	tI64 = 0x7e
)

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

func i32c(v int32) []byte     { return append([]byte{0x41}, sleb(int64(v))...) }
func i64c(v int64) []byte     { return append([]byte{0x42}, sleb(v)...) }
func lget(i int) []byte       { return []byte{0x20, byte(i)} }
func lset(i int) []byte       { return []byte{0x21, byte(i)} }
func ltee(i int) []byte       { return []byte{0x22, byte(i)} }
func callf(f int) []byte      { return []byte{0x10, byte(f)} }
func i64load(off int) []byte  { return []byte{0x29, 3, byte(off)} }
func i64store(off int) []byte { return []byte{0x37, 3, byte(off)} }
func f32load() []byte         { return []byte{0x2a, 2, 0} }
func f32store() []byte        { return []byte{0x38, 2, 0} }
func i32store() []byte        { return []byte{0x36, 2, 0} }

var (
	wrap    = []byte{0xa7} // i32.wrap_i64
	i64eqz  = []byte{0x50}
	i32add  = []byte{0x6a}
	i32shl  = []byte{0x74}
	i32geu  = []byte{0x4f}
	f32add  = []byte{0x92}
	ret     = []byte{0x0f}
	ifVoid  = []byte{0x04, 0x40}
	end     = []byte{0x0b}
	block   = []byte{0x02, 0x40}
	loop    = []byte{0x03, 0x40}
	unreach = []byte{0x00}
)

func brIf(d int) []byte { return []byte{0x0d, byte(d)} }
func br(d int) []byte   { return []byte{0x0c, byte(d)} }
