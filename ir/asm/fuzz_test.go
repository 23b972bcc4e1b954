package asm

import (
	"testing"
)

// FuzzParse feeds arbitrary text to the parser: it must never panic or
// hang, and whatever parses must print (pretty and generic) to text that
// parses again and prints identically. The seed corpus is
// testdata/fuzz/FuzzParse plus the round-trip programs and the snippets
// below.
func FuzzParse(f *testing.F) {
	for _, src := range roundTripFiles(f) {
		f.Add(src)
	}
	for _, s := range []string{
		"func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = stablehlo.add %a, %a : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}",
		"module @m attributes {x = [1, 2.5 : f16, \"s\", @y, {u}]} {\n}",
		"func.func @f() {\n  %0 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>\n  %1 = stablehlo.constant dense<\"0x0000803F\"> : tensor<f32>\n  return\n}",
		"func.func @f(%a: tensor<4xi32>) {\n  %0 = \"stablehlo.foo\"(%a) <{p = 1}> ({\n  ^bb0(%x: tensor<i32>):\n    stablehlo.return %x : tensor<i32>\n  }) {q} : (tensor<4xi32>) -> tensor<4xi32> loc(#l)\n  return\n}\n#l = loc(\"a\":1:2)",
		"func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  return\n}",
	} {
		f.Add([]byte(s))
	}
	old := MaxDenseElements
	MaxDenseElements = 1 << 16
	defer func() { MaxDenseElements = old }()
	f.Fuzz(func(t *testing.T, src []byte) {
		mods, _ := ParseSplit("fuzz.mlir", src)
		for _, m := range mods {
			if m == nil {
				continue
			}
			for _, opts := range []Options{{}, {Generic: true}} {
				a := Print(m, opts)
				m2, err := Parse("printed.mlir", []byte(a))
				if err != nil {
					t.Fatalf("printed module does not parse (%+v): %v\n%s", opts, err, a)
				}
				if b := Print(m2, opts); a != b {
					t.Fatalf("print(parse(print(m))) differs (%+v):\n%s\n-----\n%s", opts, a, b)
				}
			}
		}
	})
}
