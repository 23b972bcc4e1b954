package tokenizer

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/llm"
	"github.com/zmlc/zmlc/llm/gguf"
)

// smolLM2 opens the SmolLM2 GGUF, failing under CI=true and skipping
// elsewhere when scripts/setup_smollm2.sh has not fetched it.
func smolLM2(t *testing.T) *gguf.File {
	t.Helper()
	p := llm.SmolLM2File()
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing: run scripts/setup_smollm2.sh", p)
		}
		t.Skipf("%s is missing: run scripts/setup_smollm2.sh to fetch SmolLM2-135M-Instruct", p)
	}
	f, err := gguf.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestBPEMatchesReference encodes texts with SmolLM2's byte-level BPE
// and compares with Hugging Face tokenizers' ids for the same vocabulary
// and pre-tokeniser (examples/llama/reference/smollm2_tokens.py), then
// checks that decoding gives the text back.
func TestBPEMatchesReference(t *testing.T) {
	tok, err := NewBPE(smolLM2(t))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("testdata/smollm2_encode.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Text string
		IDs  []int
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		got, err := tok.Encode(c.Text, true)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, c.IDs) {
			t.Errorf("%q:\n got %v\nwant %v", c.Text, got, c.IDs)
			continue
		}
		var sb strings.Builder
		for _, id := range got {
			b, err := tok.Decode(-1, id)
			if err != nil {
				t.Fatal(err)
			}
			sb.Write(b)
		}
		if want := strings.NewReplacer("<|im_start|>", "", "<|im_end|>", "").Replace(c.Text); sb.String() != want {
			t.Errorf("decode(encode(%q)) = %q", c.Text, sb.String())
		}
	}
	if tok.BOS() != 1 || tok.EOS() != 2 || tok.Vocab() != 49152 {
		t.Errorf("BOS %d EOS %d vocab %d", tok.BOS(), tok.EOS(), tok.Vocab())
	}
	if _, err := tok.Decode(-1, 49152); err == nil || !strings.Contains(err.Error(), "unknown token id 49152") {
		t.Errorf("id 49152: %v", err)
	}
}

// TestSplitGPT2 checks the hand-written scanner on the regex's corner
// cases, worked by hand from the pattern.
func TestSplitGPT2(t *testing.T) {
	cases := map[string][]string{
		"Hello world":     {"Hello", " world"},
		"a  b":            {"a", " ", " b"},
		"a \n b":          {"a", " \n", " b"},
		"x\ny":            {"x", "\n", "y"},
		"end   ":          {"end", "   "},
		"I'm they'll":     {"I", "'m", " they", "'ll"},
		"'S":              {"'", "S"},
		"12ab 34":         {"12", "ab", " 34"},
		"a!!b ??":         {"a", "!!", "b", " ??"},
		" \t":             {" \t"},
		"don't\u00a0stop": {"don", "'t", "\u00a0", "stop"}, // NBSP is \s, not the space of ` ?\p{L}+`
	}
	for in, want := range cases {
		var got []string
		for _, p := range splitGPT2([]rune(in)) {
			got = append(got, string(p))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}
