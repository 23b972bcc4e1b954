package wasm

import (
	"context"
	"fmt"
	"regexp"
	"strconv"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// Validation: Build checks the module it encodes (host program and
// kernels) with wazero before returning it, so that a renderer bug is a
// compile error naming the function instead of a bundle the launcher
// refuses (DESIGN.md, "How we know a target is right": every target
// validates its own output). The module is compiled, with the features the
// launcher enables (runtime/runtime.go: core features 2.0 and threads), by
// wazero's interpreter configuration, which decodes and validates every
// function body as the launcher's compiler does but generates no machine
// code; it is never instantiated or run.

// testHookModule, when set (by tests only), changes the module after it
// is rendered and before it is encoded and validated: it lets a test
// corrupt a module and see Build refuse it.
var testHookModule func(*Module)

// funcIndex finds wazero's "function[N]" (N counts the module's own
// functions, imports excluded) in a validation error.
var funcIndex = regexp.MustCompile(`function\[(\d+)\]`)

// validate compiles bin, the encoding of m, with wazero and returns an
// error naming the first invalid function (by its index and name in m).
func validate(m *Module, bin []byte) error {
	ctx := context.Background()
	cfg := wazero.NewRuntimeConfigInterpreter().
		WithCoreFeatures(api.CoreFeaturesV2 | experimental.CoreFeaturesThreads)
	rt := wazero.NewRuntimeWithConfig(ctx, cfg)
	defer rt.Close(ctx)
	compiled, err := rt.CompileModule(ctx, bin)
	if err != nil {
		name := ""
		if sm := funcIndex.FindStringSubmatch(err.Error()); sm != nil {
			if i, perr := strconv.Atoi(sm[1]); perr == nil && i < len(m.Funcs) {
				name = fmt.Sprintf(" (function %s)", m.Funcs[i].Name)
			}
		}
		return fmt.Errorf("wasm target: the rendered module is invalid%s (a zmlc bug; please report it): %v", name, err)
	}
	return compiled.Close(ctx)
}
