package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/llm"
	"github.com/zmlc/zmlc/llm/sample"
	"github.com/zmlc/zmlc/llm/tokenizer"
	"github.com/zmlc/zmlc/runtime/vulkan"
)

// storiesCase is one run.c invocation of testdata/runc/README.md.
type storiesCase struct {
	file        string
	prompt      string
	temperature float32
	topp        float32
	seed        uint64
}

var storiesCases = []storiesCase{
	{"prompt_t0.txt", "Once upon a time", 0, 0.9, 0},
	{"noprompt_t0.txt", "", 0, 0.9, 0},
	{"prompt_t1_p09_s42.txt", "Once upon a time", 1, 0.9, 42},
	{"noprompt_t1_p09_s42.txt", "", 1, 0.9, 42},
	{"cat_t1_p09_s7.txt", "The cat", 1, 0.9, 7},
}

// stories opens stories260K and its tokenizer from ../shared/data,
// failing under CI=true and skipping elsewhere when they are absent.
func stories(t *testing.T) (*llm.Checkpoint, *tokenizer.SentencePiece) {
	t.Helper()
	path := ckptPath()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing", path)
		}
		t.Skipf("%s is missing", path)
	}
	ckpt, err := llm.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ckpt.Close() })
	tok, err := tokenizer.LoadSentencePiece(llm.SharedData("llama2c-stories260K/tok512.bin"), ckpt.Config.Vocab)
	if err != nil {
		t.Fatal(err)
	}
	return ckpt, tok
}

// ckptPath is stories260K's checkpoint in ../shared/data.
func ckptPath() string { return llm.SharedData("llama2c-stories260K/stories260K.bin") }

// needTarget fails under CI=true, and skips elsewhere, when target's
// tools or device are missing.
func needTarget(t *testing.T, target string) {
	t.Helper()
	var err error
	switch target {
	case "cpu":
		_, err = exec.LookPath("llc-19")
	case "vulkan":
		var d *vulkan.Device
		if d, err = vulkan.Open(""); err == nil {
			d.Close()
		}
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("target %s: %v", target, err)
		}
		t.Skipf("target %s: %v", target, err)
	}
}

// storiesShape is the compiled shape of the tests: a cache of 256
// positions (the runs use 200) and prefill chunks of 8 tokens, so a
// prompt longer than 8 is prefilled in several calls.
func storiesShape(ckpt *llm.Checkpoint) shape { return shape{cfg: ckpt.Config, ctx: 256, seq: 8} }

// generateText runs one case for steps positions and returns the text as
// run.c prints it (with its final newline).
func generateText(t *testing.T, e engine, tok *tokenizer.SentencePiece, sh shape, c storiesCase, steps int) string {
	t.Helper()
	ids, err := tok.Encode(c.prompt, true)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := generate(&out, e, tok, sample.New(c.temperature, c.topp, c.seed), sh, ids, steps, []int{tok.BOS()}, true); err != nil {
		t.Fatal(err)
	}
	return out.String() + "\n"
}

// TestStoriesMatchesRunC generates 200 positions of stories260K for each
// case (a prompt and none, greedy and top-p 0.9 with a seed) on each
// executing target and compares the text with run.c's, byte for byte
// (vulkan, on lavapipe, the first four).
// The interpreter, far slower, runs 24 positions of two cases, which
// must be a prefix of run.c's text.
func TestStoriesMatchesRunC(t *testing.T) {
	ckpt, tok := stories(t)
	sh := storiesShape(ckpt)
	for _, target := range []string{"interp", "wasm", "cpu", "vulkan"} {
		t.Run(target, func(t *testing.T) {
			cases, steps := storiesCases, 200
			var e engine
			var err error
			if target == "vulkan" {
				cases = storiesCases[:4] // lavapipe is slow: the four runs issue 14 names
			}
			if target == "interp" {
				cases, steps = []storiesCase{storiesCases[0], storiesCases[3]}, 24
				e, err = newInterpEngine(zmlSource, sh, ckpt)
			} else {
				needTarget(t, target)
				var bundle []byte
				if bundle, err = compileBundle(zmlSource, target, sh); err != nil {
					t.Fatal(err)
				}
				e, err = newBundleEngine(bundle, sh, ckpt, 0)
			}
			if err != nil {
				t.Fatal(err)
			}
			defer e.close()
			for _, c := range cases {
				want, err := os.ReadFile("testdata/runc/" + c.file)
				if err != nil {
					t.Fatal(err)
				}
				got := generateText(t, e, tok, sh, c, steps)
				if steps < 200 {
					got = strings.TrimSuffix(got, "\n")
					if len(got) < 40 || !strings.HasPrefix(string(want), got) {
						t.Errorf("%s: %d positions give\n%q\nnot a prefix of run.c's\n%q", c.file, steps, got, want)
					}
					continue
				}
				if got != string(want) {
					t.Errorf("%s: got\n%q\nrun.c printed\n%q", c.file, got, want)
				}
			}
		})
	}
}
