package passes

import (
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

// TestInlineMaxOps checks that the inliner refuses, before copying
// anything, a function that would pass max-ops once inlined, with an error
// at the call that crosses the limit, and inlines it under a larger limit.
func TestInlineMaxOps(t *testing.T) {
	src := `func.func private @twice(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  %1 = stablehlo.add %0, %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func @four(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @twice(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @twice(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
`
	// @four has 3 ops; each inlined @twice adds its 3 minus the call.
	for _, c := range []struct {
		max     string
		wantErr string
	}{
		{"6", "t.mlir:8:3: error: inlining @twice (3 ops once inlined) into @four would take it past 6 ops"},
		{"7", ""},
	} {
		m, err := asm.Parse("t.mlir", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParsePipeline("inline{max-ops=" + c.max + "}")
		if err != nil {
			t.Fatal(err)
		}
		err = NewManager(p).Run(m)
		if c.wantErr == "" {
			if err != nil {
				t.Errorf("max-ops=%s: %v", c.max, err)
			} else if strings.Contains(asm.Print(m, asm.Options{}), "call @") {
				t.Errorf("max-ops=%s: calls left", c.max)
			}
			continue
		}
		if _, ok := err.(*ir.Diagnostic); !ok || !strings.HasPrefix(err.Error(), c.wantErr) {
			t.Errorf("max-ops=%s: got %v, want a diagnostic starting %q", c.max, err, c.wantErr)
		}
		if !strings.Contains(asm.Print(m, asm.Options{}), "call @twice(") {
			t.Errorf("max-ops=%s: the module changed although inlining was refused", c.max)
		}
	}
}
