package compile

import (
	"context"
	"fmt"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
)

// Open opens bundle bytes in process with the launcher (package runtime),
// binding weights from the safetensors file at weights ("" when the bundle
// embeds them or has none). The caller closes the Runtime.
func Open(bundle []byte, weights string, workers int) (*runtime.Runtime, error) {
	b, err := emit.Parse(bundle)
	if err != nil {
		return nil, err
	}
	return runtime.OpenBundle(b, runtime.Options{Weights: weights, Workers: workers})
}

// Run compiles src with opts, opens the bundle and runs entry on inputs:
// the in-process Go API (`zmlc run` without a file in between).
func Run(ctx context.Context, filename string, src []byte, opts Options, weights, entry string, inputs []*ir.Tensor) ([]*ir.Tensor, error) {
	bundle, err := Compile(filename, src, opts)
	if err != nil {
		return nil, err
	}
	rt, err := Open(bundle, weights, 0)
	if err != nil {
		return nil, err
	}
	defer rt.Close()
	if entry == "" {
		es := rt.Manifest().Entries
		if len(es) != 1 {
			return nil, fmt.Errorf("the bundle has %d entries: name one", len(es))
		}
		entry = es[0].Name
	}
	return rt.Run(ctx, entry, inputs)
}
