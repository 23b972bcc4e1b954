package kernel

import "github.com/zmlc/zmlc/ir"

// tiledDot lowers a standalone dot_general to a tiled kernel when it has
// that shape; ok is false to fall back to the per-element form.
func (l *lowerer) tiledDot(op *ir.Op) (ok bool, err error) {
	return false, nil
}
