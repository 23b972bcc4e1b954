package wasm

// fb builds one function body.
type fb struct {
	f *Func
}

func newFB(name string, t FuncType) *fb {
	return &fb{f: &Func{Name: name, Type: t}}
}

// local adds a local of type t and returns its index.
func (b *fb) local(t ValType) int64 {
	b.f.Locals = append(b.f.Locals, t)
	return int64(len(b.f.Type.Params) + len(b.f.Locals) - 1)
}

func (b *fb) op(ops ...Op) {
	for _, o := range ops {
		b.f.Body = append(b.f.Body, Instr{Op: o})
	}
}

func (b *fb) opA(o Op, a int64) { b.f.Body = append(b.f.Body, Instr{Op: o, A: a}) }

func (b *fb) get(l int64)  { b.opA(OpLocalGet, l) }
func (b *fb) set(l int64)  { b.opA(OpLocalSet, l) }
func (b *fb) tee(l int64)  { b.opA(OpLocalTee, l) }
func (b *fb) i32(v int64)  { b.opA(OpI32Const, int64(int32(v))) }
func (b *fb) i64(v int64)  { b.opA(OpI64Const, v) }
func (b *fb) call(f int64) { b.opA(OpCall, f) }
func (b *fb) f32(v float64) {
	b.f.Body = append(b.f.Body, Instr{Op: OpF32Const, F: v})
}
func (b *fb) f64(v float64) {
	b.f.Body = append(b.f.Body, Instr{Op: OpF64Const, F: v})
}

// mem emits a load or store with natural alignment log2 align and a
// constant offset.
func (b *fb) mem(o Op, align, off int64) {
	b.f.Body = append(b.f.Body, Instr{Op: o, A: align, B: off})
}

// block, loop and iff open structured instructions with an empty type or
// a single result; end closes them.
func (b *fb) block()           { b.opA(OpBlock, blockEmpty) }
func (b *fb) loop()            { b.opA(OpLoop, blockEmpty) }
func (b *fb) iff()             { b.opA(OpIf, blockEmpty) }
func (b *fb) iffT(t ValType)   { b.opA(OpIf, int64(t)) }
func (b *fb) els()             { b.op(OpElse) }
func (b *fb) end()             { b.op(OpEnd) }
func (b *fb) br(depth int64)   { b.opA(OpBr, depth) }
func (b *fb) brIf(depth int64) { b.opA(OpBrIf, depth) }
