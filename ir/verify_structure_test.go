package ir

import (
	"errors"
	"strings"
	"testing"
)

func wantDiag(t *testing.T, err error, frags ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("want errors %q, got none", frags)
	}
	var ds Diagnostics
	if !errors.As(err, &ds) {
		t.Fatalf("want Diagnostics, got %T: %v", err, err)
	}
	for _, f := range frags {
		if !strings.Contains(err.Error(), f) {
			t.Errorf("want an error containing %q, got:\n%v", f, err)
		}
	}
}

func loc(line int) Location { return Location{File: "s.mlir", Line: line, Col: 3} }

func TestVerifyStructureValid(t *testing.T) {
	f32 := tt(F32, 4)
	callee := NewFunc("double", ts(f32), ts(f32))
	b := &Builder{Block: callee.Body.Entry()}
	x := callee.Args()[0]
	y, err := b.Add(x, x)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Return(y); err != nil {
		t.Fatal(err)
	}
	main := NewFunc("main", ts(f32), ts(f32))
	b = &Builder{Block: main.Body.Entry()}
	r, err := b.Call(callee, main.Args()[0])
	if err != nil {
		t.Fatal(err)
	}
	// An outer value used inside a region (reduce body) is visible there.
	outer, _ := b.Constant(Scalar(F32, 2.0))
	s, err := b.Reduce([]*Value{r[0]}, []*Value{outer}, []int64{0}, func(b *Builder, a []*Value) []*Value {
		v, _ := b.Add(a[0], a[1])
		w, _ := b.Multiply(v, outer)
		return []*Value{w}
	})
	if err != nil {
		t.Fatal(err)
	}
	z, _ := b.BroadcastInDim(s[0], []int64{4}, nil)
	if err := b.Return(z); err != nil {
		t.Fatal(err)
	}
	// An op of an unmodelled dialect is accepted unchecked.
	foreign := NewOp("sdy.something", []*Value{main.Args()[0]}, ts(f32), nil)
	blk := main.Body.Entry()
	blk.Ops = append([]*Op{foreign}, blk.Ops...)
	foreign.Parent = blk
	m := &Module{Funcs: []*Func{callee, main}}
	if err := Verify(m); err != nil {
		t.Fatalf("valid module: %v", err)
	}
}

func TestVerifyStructureErrors(t *testing.T) {
	f32 := tt(F32, 4)

	// Use before definition: %1 = add(%0, %0) placed before %0.
	f := NewFunc("use_before_def", ts(f32), ts(f32))
	x := f.Args()[0]
	neg := NewOp("stablehlo.negate", []*Value{x}, ts(f32), nil)
	neg.Loc = loc(2)
	add := NewOp("stablehlo.add", []*Value{neg.Results[0], neg.Results[0]}, ts(f32), nil)
	add.Loc = loc(1)
	ret := NewOp("func.return", []*Value{add.Results[0]}, nil, nil)
	ret.Loc = loc(3)
	for _, op := range []*Op{add, neg, ret} {
		f.Body.Entry().Append(op)
	}
	wantDiag(t, VerifyFunc(nil, f), "s.mlir:1:3: error: 'stablehlo.add' op operand #0 is used before it is defined")

	// Missing terminator.
	f = NewFunc("no_terminator", ts(f32), ts(f32))
	op := NewOp("stablehlo.negate", f.Args(), ts(f32), nil)
	op.Loc = loc(4)
	f.Body.Entry().Append(op)
	wantDiag(t, VerifyFunc(nil, f), "s.mlir:4:3: error: 'stablehlo.negate' op is not a terminator: the block must end with 'func.return'")

	// Empty body block.
	f = NewFunc("empty", nil, nil)
	f.Loc = loc(9)
	wantDiag(t, VerifyFunc(nil, f), "s.mlir:9:3: error: 'func.func' op @empty: empty block")

	// Wrong return type and count.
	f = NewFunc("wrong_return", ts(f32), ts(tt(I32, 4)))
	ret = NewOp("func.return", f.Args(), nil, nil)
	ret.Loc = loc(5)
	f.Body.Entry().Append(ret)
	wantDiag(t, VerifyFunc(nil, f), "s.mlir:5:3: error: 'func.return' op type of return operand 0 ('tensor<4xf32>') doesn't match function result type ('tensor<4xi32>') in function @wrong_return")
	f = NewFunc("wrong_count", ts(f32), nil)
	ret = NewOp("func.return", f.Args(), nil, nil)
	f.Body.Entry().Append(ret)
	wantDiag(t, VerifyFunc(nil, f), "'func.return' op has 1 operands, but enclosing function (@wrong_count) returns 0")

	// stablehlo.return cannot end a function; func.return not last.
	f = NewFunc("bad_terms", ts(f32), ts(f32))
	r1 := NewOp("func.return", f.Args(), nil, nil)
	r1.Loc = loc(6)
	r2 := NewOp("stablehlo.return", f.Args(), nil, nil)
	r2.Loc = loc(7)
	f.Body.Entry().Append(r1)
	f.Body.Entry().Append(r2)
	wantDiag(t, VerifyFunc(nil, f), "s.mlir:6:3: error: 'func.return' op must be the last operation in the parent block",
		"s.mlir:7:3: error: 'stablehlo.return' op cannot terminate a function body: expected 'func.return'")

	// A value of a region is not visible after it; a value defined twice.
	f = NewFunc("scopes", ts(f32), ts(f32))
	red := NewOp("stablehlo.reduce", []*Value{f.Args()[0], f.Args()[0]}, ts(tt(F32)), at("dimensions", ia(0)))
	red.Loc = loc(8)
	inner := red.AddRegion(tt(F32), tt(F32))
	leak := NewOp("stablehlo.add", inner.Args, ts(tt(F32)), nil)
	inner.Append(leak)
	inner.Append(NewOp("stablehlo.return", leak.Results, nil, nil))
	use := NewOp("func.return", leak.Results, nil, nil)
	use.Loc = loc(10)
	f.Body.Entry().Append(red)
	f.Body.Entry().Append(use)
	wantDiag(t, VerifyFunc(nil, f), "s.mlir:10:3: error: 'func.return' op operand #0 does not dominate this use",
		"s.mlir:8:3: error: 'stablehlo.reduce' op init_values must be 0-dimensional tensors (I2)")

	// Calls: unknown callee and mismatched types; duplicate functions.
	callee := NewFunc("g", ts(f32), ts(f32))
	cb := &Builder{Block: callee.Body.Entry()}
	if err := cb.Return(callee.Args()[0]); err != nil {
		t.Fatal(err)
	}
	f = NewFunc("caller", ts(tt(I32, 4)), nil)
	c1 := NewOp("func.call", f.Args(), ts(f32), at("callee", &SymbolRefAttr{Name: "g"}))
	c1.Loc = loc(11)
	c2 := NewOp("func.call", f.Args(), ts(f32), at("callee", &SymbolRefAttr{Name: "nope"}))
	c2.Loc = loc(12)
	f.Body.Entry().Append(c1)
	f.Body.Entry().Append(c2)
	f.Body.Entry().Append(NewOp("func.return", nil, nil, nil))
	dup := NewFunc("g", nil, nil)
	dup.Loc = loc(13)
	dup.Body.Entry().Append(NewOp("func.return", nil, nil, nil))
	m := &Module{Funcs: []*Func{callee, f, dup}}
	wantDiag(t, Verify(m),
		"s.mlir:11:3: error: 'func.call' op operand type mismatch: expected operand type 'tensor<4xf32>', but provided 'tensor<4xi32>' for operand number 0",
		"s.mlir:12:3: error: 'func.call' op '@nope' does not reference a valid function",
		"s.mlir:13:3: error: 'func.func' op redefinition of symbol '@g'")

	// Unknown ops of modelled dialects; every error of a module is reported.
	f = NewFunc("unknown", nil, nil)
	u1 := NewOp("stablehlo.frobnicate", nil, nil, nil)
	u1.Loc = loc(14)
	u2 := NewOp("chlo.nope", nil, nil, nil)
	u2.Loc = loc(15)
	f.Body.Entry().Append(u1)
	f.Body.Entry().Append(u2)
	f.Body.Entry().Append(NewOp("func.return", nil, nil, nil))
	err := VerifyFunc(nil, f)
	wantDiag(t, err, "s.mlir:14:3: error: 'stablehlo.frobnicate' op is not a registered operation of dialect 'stablehlo'",
		"s.mlir:15:3: error: 'chlo.nope' op is not a registered operation")
	if n := len(err.(Diagnostics)); n != 2 {
		t.Errorf("want 2 diagnostics, got %d: %v", n, err)
	}

	// Entry block arguments must match the function type.
	f = NewFunc("args", ts(f32), nil)
	f.Type.Inputs = ts(tt(I32, 4))
	f.Body.Entry().Append(NewOp("func.return", nil, nil, nil))
	wantDiag(t, VerifyFunc(nil, f), "type of entry block argument #0 (tensor<4xf32>) must match")

	// A missing attribute is an error, not a panic; so is a nil operand.
	f = NewFunc("attrs", ts(f32), nil)
	tr := NewOp("stablehlo.transpose", f.Args(), ts(f32), nil)
	nilop := NewOp("stablehlo.negate", []*Value{nil}, ts(f32), nil)
	f.Body.Entry().Append(tr)
	f.Body.Entry().Append(nilop)
	f.Body.Entry().Append(NewOp("func.return", nil, nil, nil))
	wantDiag(t, VerifyFunc(nil, f), "'stablehlo.transpose' op requires attribute 'permutation'", "'stablehlo.negate' op operand #0 is null")
}
