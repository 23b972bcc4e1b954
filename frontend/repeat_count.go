package frontend

// A repeated sub-module's count may name a dimension bound at compile
// time, `layers: Block[n_layers]` with `--dim n_layers=30`, so one model
// source serves checkpoints of any depth (examples/llama).

// isCountName reports whether a repetition count is a name rather than an
// integer.
func isCountName(text string) bool {
	return text != "" && (text[0] == '_' || text[0] >= 'a' && text[0] <= 'z' || text[0] >= 'A' && text[0] <= 'Z')
}

// resolveCount sets m.Count from the binding of m.CountDim.
func (c *compiler) resolveCount(m *SubDecl) {
	if m.CountDim == "" {
		return
	}
	n, ok := c.opts.Dims[m.CountDim]
	if !ok {
		c.s.fail(m.Pos, "repetition count %s of %s is not bound (bind it with --dim %s=N)", m.CountDim, m.Name, m.CountDim)
	}
	if n < 1 || n > 1<<20 {
		c.s.fail(m.Pos, "repetition count %s=%d of %s must be between 1 and %d", m.CountDim, n, m.Name, 1<<20)
	}
	m.Count = n
}
