package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/llm"
	"github.com/zmlc/zmlc/llm/sample"
)

// noEngine fails the test if generation reaches the model.
type noEngine struct{ t *testing.T }

func (e noEngine) prefill([]int32, int) ([]float32, error) {
	e.t.Fatal("prefill called")
	return nil, nil
}

func (e noEngine) decode(int32, int) ([]float32, error) {
	e.t.Fatal("decode called")
	return nil, nil
}

func (noEngine) close() error { return nil }

// TestGenerateBadInput: a prompt longer than the context and a token id
// outside the vocabulary are each one clear error before the model runs.
func TestGenerateBadInput(t *testing.T) {
	ckpt, tok := stories(t)
	sh := shape{cfg: ckpt.Config, ctx: 16, seq: 8}
	long, _ := tok.Encode(strings.Repeat("Once upon a time ", 10), true)
	cases := map[string]struct {
		ids  []int
		want string
	}{
		"long":    {long, "the prompt has 42 tokens, more than the context of 16 (raise -ctx up to the model's 512)"},
		"unknown": {[]int{1, 600}, "token id 600 is outside the vocabulary of 512"},
		"empty":   {nil, "empty prompt"},
	}
	for name, c := range cases {
		var out bytes.Buffer
		_, err := generate(&out, noEngine{t}, tok, sample.New(0, 0.9, 1), sh, c.ids, 100, []int{1}, true)
		if err == nil || err.Error() != c.want && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
		if out.Len() != 0 {
			t.Errorf("%s: printed %q", name, out.String())
		}
	}
}

// smolLM2 returns the SmolLM2 GGUF's path, failing under CI=true and
// skipping elsewhere when scripts/setup_smollm2.sh has not fetched it.
func smolLM2(t *testing.T) string {
	t.Helper()
	p := llm.SmolLM2File()
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing: run scripts/setup_smollm2.sh", p)
		}
		t.Skipf("%s is missing: run scripts/setup_smollm2.sh to fetch SmolLM2-135M-Instruct", p)
	}
	return p
}

// TestCommandBadInput runs the command on a truncated GGUF, a directory
// without config.json, a missing tokenizer and quantised weights (before
// compiling): one error line each.
func TestCommandBadInput(t *testing.T) {
	stories(t)
	dir := t.TempDir()
	gg := filepath.Join(dir, "cut.gguf")
	os.WriteFile(gg, []byte("GGUF\x03\x00\x00\x00\x01"), 0o644)
	lone := filepath.Join(dir, "lone")
	os.Mkdir(lone, 0o755)
	data, _ := os.ReadFile(filepath.Join(filepath.Dir(ckptPath()), "stories260K.bin"))
	bin := filepath.Join(lone, "m.bin")
	os.WriteFile(bin, data, 0o644)
	cases := map[string]struct {
		args []string
		want string
	}{
		"truncated gguf": {[]string{"-model", gg}, gg + ": gguf: file truncated"},
		"no config":      {[]string{"-model", dir}, "config.json: no such file"},
		"no tokenizer":   {[]string{"-model", bin}, "no tokenizer: pass -tokenizer"},
		"no model":       {nil, "-model is required"},
		"quantised":      {[]string{"-model", smolLM2(t)}, "tensor token_embd.weight has type Q8_0; examples/llama runs float32 weights only"},
	}
	for name, c := range cases {
		err := run(c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}
