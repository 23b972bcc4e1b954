package llm

import (
	"fmt"
	"os"
	"slices"

	"github.com/zmlc/zmlc/llm/gguf"
)

// Checkpoint is an opened model checkpoint: its Config and its parameters
// under the names of the package doc, every one present with the shape
// Config gives and a type zmlc decodes (Open checks it, so a Checkpoint
// is never half loaded). Close releases the file mappings.
type Checkpoint struct {
	Path   string
	Format string // "llama2c", "gguf" or "hf"
	Config Config
	// GGUF is the opened GGUF file (its metadata holds the tokenizer) when
	// Format is "gguf".
	GGUF *gguf.File

	tensors map[string]Tensor
	closers []func() error
}

// Open opens the checkpoint at path: a Hugging Face directory (holding
// config.json), a GGUF file (by its magic) or a llama2.c checkpoint
// (legacy or version 1).
func Open(path string) (*Checkpoint, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return OpenHF(path, HFOptions{})
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	magic := make([]byte, 4)
	_, _ = f.ReadAt(magic, 0)
	f.Close()
	if string(magic) == gguf.Magic {
		return OpenGGUF(path)
	}
	return OpenLlama2C(path)
}

// Tensor returns the parameter called name.
func (c *Checkpoint) Tensor(name string) (Tensor, bool) {
	t, ok := c.tensors[name]
	return t, ok
}

// Tensors returns the parameters in Config.ParamNames order.
func (c *Checkpoint) Tensors() []Tensor {
	var ts []Tensor
	for _, n := range c.Config.ParamNames() {
		ts = append(ts, c.tensors[n])
	}
	return ts
}

// Bytes returns the total size of the parameters as stored.
func (c *Checkpoint) Bytes() int64 {
	var n int64
	for _, t := range c.tensors {
		n += int64(len(t.Data))
	}
	return n
}

// Close unmaps the checkpoint's files; its tensors' Data must not be used
// afterwards.
func (c *Checkpoint) Close() error {
	var first error
	for _, f := range slices.Backward(c.closers) {
		if err := f(); err != nil && first == nil {
			first = err
		}
	}
	c.closers = nil
	return first
}

// finish checks c's config and that every parameter is present, with the
// right shape and a supported type; on failure it closes c.
func (c *Checkpoint) finish() (*Checkpoint, error) {
	err := c.check()
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("%s: %w", c.Path, err)
	}
	return c, nil
}

func (c *Checkpoint) check() error {
	if err := c.Config.Validate(); err != nil {
		return err
	}
	want := c.Config.paramShapes()
	for _, name := range c.Config.ParamNames() {
		t, ok := c.tensors[name]
		src := name
		if ok && t.Source != "" {
			src = t.Source
		}
		switch {
		case !ok:
			return fmt.Errorf("the checkpoint has no tensor for parameter %s", name)
		case !t.Type.Supported():
			return fmt.Errorf("tensor %s has type %s, which zmlc does not support (supported: %s)", src, t.Type, gguf.SupportedTypes)
		case !slices.Equal(t.Shape, want[name]):
			return fmt.Errorf("tensor %s has shape %v, but the model config gives %v (dim %d, hidden %d, heads %d, kv heads %d, head dim %d, vocab %d)",
				src, t.Shape, want[name], c.Config.Dim, c.Config.Hidden, c.Config.Heads, c.Config.KVHeads, c.Config.HeadDim, c.Config.Vocab)
		}
		if n, ok := t.Type.RowBytes(t.Elems()); !ok || n != int64(len(t.Data)) {
			return fmt.Errorf("tensor %s: %d bytes for %s %v", src, len(t.Data), t.Type, t.Shape)
		}
	}
	return nil
}
