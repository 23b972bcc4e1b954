package tokenizer

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/llm"
)

// need returns a ../shared/data file, failing under CI=true and skipping
// elsewhere when it is absent.
func need(t *testing.T, rel string) string {
	t.Helper()
	p := llm.SharedData(rel)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing", p)
		}
		t.Skipf("%s is missing", p)
	}
	return p
}

// TestSentencePieceMatchesRunC encodes texts (ASCII, accents, CJK,
// emoji needing byte fallback, control bytes, repeated spaces) with the
// stories260K and Llama-2 vocabularies and compares with the ids run.c's
// encode gave (testdata/README.md).
func TestSentencePieceMatchesRunC(t *testing.T) {
	raw, err := os.ReadFile("testdata/runc_encode.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]struct {
		Vocab int
		Cases []struct {
			Text string
			IDs  []int
		}
	}
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"tok512": "llama2c-stories260K/tok512.bin", "llama2": "llama2c-tokenizer/tokenizer.bin"}
	for name, w := range want {
		tok, err := LoadSentencePiece(need(t, files[name]), w.Vocab)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range w.Cases {
			got, err := tok.Encode(c.Text, true)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.IDs) {
				t.Errorf("%s: %q: got %v, run.c %v", name, c.Text, got, c.IDs)
			}
		}
	}
}

func TestSentencePieceDecode(t *testing.T) {
	tok, err := LoadSentencePiece(need(t, "llama2c-stories260K/tok512.bin"), 512)
	if err != nil {
		t.Fatal(err)
	}
	ids, _ := tok.Encode("Once upon a time", true)
	var sb strings.Builder
	prev := -1
	for _, id := range ids[1:] {
		b, err := tok.Decode(prev, id)
		if err != nil {
			t.Fatal(err)
		}
		sb.Write(b)
		prev = id
	}
	if sb.String() != " Once upon a time" {
		t.Errorf("decoded %q", sb.String())
	}
	// After BOS the leading space goes (run.c's decode).
	if b, _ := tok.Decode(1, ids[1]); string(b) != "Once" && string(b) != "O" {
		t.Errorf("after BOS: %q", b)
	}
	if b, _ := tok.Decode(-1, 3+0x41); string(b) != "A" {
		t.Errorf("byte piece <0x41>: %q", b)
	}
	if _, err := tok.Decode(-1, 512); err == nil || !strings.Contains(err.Error(), "unknown token id 512") {
		t.Errorf("id 512: %v", err)
	}
	if p := Printable([]byte{7}); p != nil {
		t.Errorf("BEL printed: %q", p)
	}
	if p := Printable([]byte{'\n'}); string(p) != "\n" {
		t.Errorf("newline dropped")
	}
}

func TestSentencePieceTruncated(t *testing.T) {
	raw, err := os.ReadFile(need(t, "llama2c-stories260K/tok512.bin"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 3, 10, len(raw) - 1} {
		if _, err := ParseSentencePiece(raw[:n], 512); err == nil || !strings.Contains(err.Error(), "truncated") && !strings.Contains(err.Error(), "past the end") {
			t.Errorf("%d bytes: %v", n, err)
		}
	}
	if _, err := ParseSentencePiece(raw, 513); err == nil {
		t.Error("vocabulary larger than the file: no error")
	}
}
