package hlo

import (
	"bytes"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/zmlc/zmlc/ir/asm"
	pb "github.com/zmlc/zmlc/targets/hlo/xlapb"
)

// convert parses src and converts @main.
func convert(t *testing.T, src string) *pb.HloModuleProto {
	t.Helper()
	m, err := asm.Parse("t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Convert(m, "main", "")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// wantLines fails unless every line of want appears in text (in order).
func wantLines(t *testing.T, text string, want ...string) {
	t.Helper()
	at := 0
	for _, w := range want {
		i := strings.Index(text[at:], w)
		if i < 0 {
			t.Errorf("missing (in order) %q in\n%s", w, text)
			return
		}
		at += i + len(w)
	}
}

// TestTextSyntax checks the HLO text of the constructs with a syntax of
// their own: literals (nested braces, inf, -nan), slice, padding, windows
// and convolution dim_labels, and the computations of conditional and
// while (body first in the proto, condition= and body= in the text).
func TestTextSyntax(t *testing.T) {
	p := convert(t, `func.func @main(%x: tensor<1x5x2xf32>, %k: tensor<3x2x4xf32>, %p: tensor<i1>) -> (tensor<1x3x4xf32>, tensor<2x2xf32>, tensor<i64>) {
  %c = stablehlo.constant dense<[[1.0, 0x7F800000], [0xFFC00000, -2.5]]> : tensor<2x2xf32>
  %conv = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[1, 1]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x2xf32>, tensor<3x2x4xf32>) -> tensor<1x3x4xf32>
  %s = stablehlo.slice %c [0:2, 1:2] : (tensor<2x2xf32>) -> tensor<2x1xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %pad = stablehlo.pad %s, %z, low = [0, 1], high = [0, 0], interior = [0, 0] : (tensor<2x1xf32>, tensor<f32>) -> tensor<2x2xf32>
  %r = "stablehlo.if"(%p) ({
    stablehlo.return %pad : tensor<2x2xf32>
  }, {
    stablehlo.return %c : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %i = stablehlo.while(%it = %one) : tensor<i64>
  cond {
    %lt = stablehlo.compare LT, %it, %one, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %n = stablehlo.add %it, %one : tensor<i64>
    stablehlo.return %n : tensor<i64>
  }
  return %conv, %r, %i : tensor<1x3x4xf32>, tensor<2x2xf32>, tensor<i64>
}`)
	text, err := Text(p)
	if err != nil {
		t.Fatal(err)
	}
	wantLines(t, text,
		"HloModule main, entry_computation_layout={(f32[1,5,2]{2,1,0}, f32[3,2,4]{2,1,0}, pred[])->(f32[1,3,4]{2,1,0}, f32[2,2]{1,0}, s64[])}",
		"constant({{1.0, inf}, {-nan, -2.5}})",
		"convolution(%Arg_0.2, %Arg_1.3), window={size=3 stride=2 pad=1_1}, dim_labels=b0f_0io->b0f",
		"slice(%constant.5), slice={[0:2:1], [1:2:1]}",
		"pad(%slice.", "padding=0_0_0x1_0_0",
		"conditional(%Arg_2.4, %tuple.", "true_computation=%branch0.", "false_computation=%branch1.",
		"while(%tuple.", "condition=%while_cond.", "body=%while_body.",
	)
	for _, c := range p.Computations {
		for _, in := range c.Instructions {
			if in.Opcode == "while" {
				body, cond := in.CalledComputationIds[0], in.CalledComputationIds[1]
				for _, cc := range p.Computations {
					if cc.Id == body && !strings.HasPrefix(cc.Name, "while_body") || cc.Id == cond && !strings.HasPrefix(cc.Name, "while_cond") {
						t.Errorf("while's called computations are not (body, condition): %s has id %d", cc.Name, cc.Id)
					}
				}
			}
		}
	}
}

// TestUnsupported: an element type or op XLA lacks is an error naming it
// and its position.
func TestUnsupported(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"func.func @main(%a: tensor<4xi4>) -> tensor<4xi4> {\n  return %a : tensor<4xi4>\n}", "argument 0: element type i4 has no XLA primitive type"},
		{"func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %r = chlo.erf_inv %a : tensor<4xf32> -> tensor<4xf32>\n  return %r : tensor<4xf32>\n}", "t.mlir:2:3: error: hlo target: chlo.erf_inv: XLA HLO has no instruction for this op"},
	} {
		m, err := asm.Parse("t.mlir", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		_, err = Convert(m, "main", "")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error saying %q", err, c.want)
		}
	}
}

// TestMarshalDeterministic: the same module gives the same bytes, and
// the bytes decode to the module.
func TestMarshalDeterministic(t *testing.T) {
	src := `func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = stablehlo.add %a, %a : tensor<4xf32>
  return %r : tensor<4xf32>
}`
	a, err := Marshal(convert(t, src))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Marshal(convert(t, src))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("two conversions of one module marshal to different bytes")
	}
	var back pb.HloModuleProto
	if err := proto.Unmarshal(a, &back); err != nil {
		t.Fatal(err)
	}
	if back.EntryComputationName != "main.1" || len(back.Computations) != 1 || back.Computations[0].Instructions[1].Opcode != "add" {
		t.Errorf("decoded module: entry %q, %d computations", back.EntryComputationName, len(back.Computations))
	}
}
