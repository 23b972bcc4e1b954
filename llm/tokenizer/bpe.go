package tokenizer

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/zmlc/zmlc/llm/gguf"
)

// GGUF token types (tokenizer.ggml.token_type; llama.cpp's
// llama_token_type).
const (
	typeNormal      = 1
	typeUnknown     = 2
	typeControl     = 3
	typeUserDefined = 4
	typeUnused      = 5
	typeByte        = 6
)

// BPE is GPT-2's byte-level BPE tokenizer as a GGUF file describes it
// (tokenizer.ggml.model "gpt2"): each pre-token's UTF-8 bytes are mapped
// to printable code points by GPT-2's bytes_to_unicode table, then
// adjacent symbols are merged, lowest merge rank first, until no pair in
// tokenizer.ggml.merges remains (Sennrich et al. 2016; openai/gpt-2
// encoder.py). Control and user-defined tokens (<|im_start|>) are matched
// whole in the text before pre-tokenising, longest first.
type BPE struct {
	Tokens []string
	Types  []int32
	Pre    string // tokenizer.ggml.pre
	bos    int
	eos    int
	addBOS bool

	ids      map[string]int
	ranks    map[[2]string]int
	specials []string // control and user-defined tokens, longest first
	split    func([]rune) [][]rune
}

// NewBPE builds the tokenizer from a GGUF file's metadata:
// tokenizer.ggml.tokens, merges ("a b" pairs, rank = position),
// token_type (optional), pre (the pre-tokeniser: "gpt2" or "smollm" are
// implemented; any other is an error naming it), bos_token_id,
// eos_token_id and add_bos_token.
func NewBPE(f *gguf.File) (*BPE, error) {
	if m, err := f.String("tokenizer.ggml.model"); err != nil || m != "gpt2" {
		return nil, fmt.Errorf("tokenizer: tokenizer.ggml.model is %q, not gpt2 (byte-level BPE): %v", m, err)
	}
	toks, err := f.Strings("tokenizer.ggml.tokens")
	if err != nil {
		return nil, err
	}
	merges, err := f.Strings("tokenizer.ggml.merges")
	if err != nil {
		return nil, err
	}
	t := &BPE{Tokens: toks, bos: -1, eos: -1, Pre: "gpt2", ids: make(map[string]int, len(toks)), ranks: make(map[[2]string]int, len(merges))}
	if _, ok := f.Metadata["tokenizer.ggml.token_type"]; ok {
		if t.Types, err = f.Int32s("tokenizer.ggml.token_type"); err != nil {
			return nil, err
		}
		if len(t.Types) != len(toks) {
			return nil, fmt.Errorf("tokenizer: %d token types for %d tokens", len(t.Types), len(toks))
		}
	}
	if _, ok := f.Metadata["tokenizer.ggml.pre"]; ok {
		if t.Pre, err = f.String("tokenizer.ggml.pre"); err != nil {
			return nil, err
		}
	}
	if t.split = pretokenizers[t.Pre]; t.split == nil {
		names := make([]string, 0, len(pretokenizers))
		for n := range pretokenizers {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("tokenizer: pre-tokeniser %q (tokenizer.ggml.pre) is not implemented (zmlc has %s)", t.Pre, strings.Join(names, ", "))
	}
	for key, dst := range map[string]*int{"tokenizer.ggml.bos_token_id": &t.bos, "tokenizer.ggml.eos_token_id": &t.eos} {
		if _, ok := f.Metadata[key]; ok {
			v, err := f.Uint(key)
			if err != nil {
				return nil, err
			}
			if v >= uint64(len(toks)) {
				return nil, fmt.Errorf("tokenizer: %s %d is outside the vocabulary of %d", key, v, len(toks))
			}
			*dst = int(v)
		}
	}
	if b, ok := f.Metadata["tokenizer.ggml.add_bos_token"].(bool); ok {
		t.addBOS = b
	}
	for i, s := range toks {
		if _, dup := t.ids[s]; !dup {
			t.ids[s] = i
		}
		if t.Types != nil && (t.Types[i] == typeControl || t.Types[i] == typeUserDefined) && s != "" {
			t.specials = append(t.specials, s)
		}
	}
	slices.SortStableFunc(t.specials, func(a, b string) int { return len(b) - len(a) })
	for i, m := range merges {
		a, b, ok := strings.Cut(m, " ")
		if !ok {
			return nil, fmt.Errorf("tokenizer: merge %d %q is not two symbols separated by a space", i, m)
		}
		if _, dup := t.ranks[[2]string{a, b}]; !dup {
			t.ranks[[2]string{a, b}] = i
		}
	}
	return t, nil
}

// Vocab returns the number of tokens.
func (t *BPE) Vocab() int { return len(t.Tokens) }

// BOS returns tokenizer.ggml.bos_token_id, or -1.
func (t *BPE) BOS() int { return t.bos }

// EOS returns tokenizer.ggml.eos_token_id, or -1.
func (t *BPE) EOS() int { return t.eos }

// ID returns the id of token s, or -1.
func (t *BPE) ID(s string) int {
	if id, ok := t.ids[s]; ok {
		return id
	}
	return -1
}

// Encode returns the ids of text: BOS first when bos is true and the file
// sets tokenizer.ggml.add_bos_token; special tokens matched whole; the
// rest pre-tokenised and merged. Text that is not valid UTF-8 is encoded
// byte by byte through the same table.
func (t *BPE) Encode(text string, bos bool) ([]int, error) {
	var ids []int
	if bos && t.addBOS && t.bos >= 0 {
		ids = append(ids, t.bos)
	}
	for text != "" {
		// The earliest special token (longest at a position).
		at, sp := len(text), ""
		for _, s := range t.specials {
			if i := strings.Index(text[:min(len(text), at+len(s))], s); i >= 0 && (i < at || i == at && len(s) > len(sp)) {
				at, sp = i, s
			}
		}
		var err error
		if ids, err = t.encodeText(ids, text[:at]); err != nil {
			return nil, err
		}
		if sp == "" {
			break
		}
		ids = append(ids, t.ids[sp])
		text = text[at+len(sp):]
	}
	return ids, nil
}

func (t *BPE) encodeText(ids []int, text string) ([]int, error) {
	if text == "" {
		return ids, nil
	}
	var runes []rune
	if utf8.ValidString(text) {
		runes = []rune(text)
	} else {
		for _, b := range []byte(text) {
			runes = append(runes, rune(b))
		}
	}
	for _, piece := range t.split(runes) {
		var syms []string
		for _, b := range []byte(string(piece)) {
			syms = append(syms, string(byteToRune[b]))
		}
		for len(syms) > 1 {
			best, at := -1, -1
			for i := 0; i+1 < len(syms); i++ {
				if r, ok := t.ranks[[2]string{syms[i], syms[i+1]}]; ok && (best < 0 || r < best) {
					best, at = r, i
				}
			}
			if at < 0 {
				break
			}
			// Merge every occurrence of the pair, left to right, as
			// GPT-2's bpe() does.
			a, b := syms[at], syms[at+1]
			out := syms[:0:0]
			for i := 0; i < len(syms); i++ {
				if i+1 < len(syms) && syms[i] == a && syms[i+1] == b {
					out = append(out, a+b)
					i++
				} else {
					out = append(out, syms[i])
				}
			}
			syms = out
		}
		for _, s := range syms {
			id, ok := t.ids[s]
			if !ok {
				return nil, fmt.Errorf("tokenizer: %q: the symbol %q is not in the vocabulary", string(piece), s)
			}
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// Decode returns the bytes of token id: a normal token's symbols mapped
// back through bytes_to_unicode; a control token (BOS, <|im_end|>) gives
// nothing, as llama.cpp's token_to_piece without special rendering; a
// user-defined token its text.
func (t *BPE) Decode(prev, id int) ([]byte, error) {
	if id < 0 || id >= len(t.Tokens) {
		return nil, fmt.Errorf("tokenizer: unknown token id %d (the vocabulary has %d)", id, len(t.Tokens))
	}
	s := t.Tokens[id]
	if t.Types != nil {
		switch t.Types[id] {
		case typeControl, typeUnused:
			return nil, nil
		case typeUserDefined:
			return []byte(s), nil
		}
	}
	out := make([]byte, 0, len(s))
	for _, r := range s {
		b, ok := runeToByte[r]
		if !ok {
			return nil, fmt.Errorf("tokenizer: token %d %q has the code point %U outside GPT-2's byte alphabet", id, s, r)
		}
		out = append(out, b)
	}
	return out, nil
}

// byteToRune is GPT-2's bytes_to_unicode (openai/gpt-2, src/encoder.py):
// the printable bytes '!'..'~', '¡'..'¬' and '®'..'ÿ' map to themselves,
// the other 68 bytes, in order, to U+0100 onwards.
var byteToRune, runeToByte = func() ([256]rune, map[rune]byte) {
	var b2r [256]rune
	r2b := map[rune]byte{}
	n := 0
	for b := range 256 {
		if '!' <= b && b <= '~' || 0xA1 <= b && b <= 0xAC || 0xAE <= b && b <= 0xFF {
			b2r[b] = rune(b)
		} else {
			b2r[b] = rune(256 + n)
			n++
		}
		r2b[b2r[b]] = byte(b)
	}
	return b2r, r2b
}()
