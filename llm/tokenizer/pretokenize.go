package tokenizer

import "unicode"

// splitDigits isolates every \p{N} code point of text as its own piece,
// keeping the text between them as pieces: the first pre-tokeniser regex
// of llama.cpp's "smollm", "starcoder" and "refact" tokenizers (the
// Digits(individual_digits=true) step of their tokenizer.json).
func splitDigits(text []rune) [][]rune {
	var out [][]rune
	start := 0
	for i, r := range text {
		if unicode.IsNumber(r) {
			if i > start {
				out = append(out, text[start:i])
			}
			out = append(out, text[i:i+1])
			start = i + 1
		}
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// splitGPT2 splits a chunk the way GPT-2's pre-tokeniser regex does,
//
//	's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
//
// scanned by hand since Go's regexp has no look-ahead, as llama.cpp's
// unicode_regex_split_custom_gpt2 does: alternatives are tried in order at
// each position; `\s+(?!\S)` takes a run of whitespace up to the end of
// the chunk, or all of it but the last code point when a non-space
// follows (so that the space joins the next word); a single whitespace
// before a non-space is `\s+` alone. The look-ahead sees only this chunk.
// \s is Unicode White_Space (unicode.IsSpace), \p{L} and \p{N} Unicode
// letters and numbers.
func splitGPT2(c []rune) [][]rune {
	var out [][]rune
	n := len(c)
	at := func(i int) rune {
		if i < n {
			return c[i]
		}
		return -1
	}
	isL := func(i int) bool { return i < n && unicode.IsLetter(c[i]) }
	isN := func(i int) bool { return i < n && unicode.IsNumber(c[i]) }
	isS := func(i int) bool { return i < n && unicode.IsSpace(c[i]) }
	for pos := 0; pos < n; {
		start := pos
		r := c[pos]
		switch {
		case r == '\'' && (at(pos+1) == 's' || at(pos+1) == 't' || at(pos+1) == 'm' || at(pos+1) == 'd'):
			pos += 2
		case r == '\'' && (at(pos+1) == 'r' && at(pos+2) == 'e' || at(pos+1) == 'v' && at(pos+2) == 'e' || at(pos+1) == 'l' && at(pos+2) == 'l'):
			pos += 3
		case isL(pos) || r == ' ' && isL(pos+1):
			pos++
			for isL(pos) {
				pos++
			}
		case isN(pos) || r == ' ' && isN(pos+1):
			pos++
			for isN(pos) {
				pos++
			}
		case !isS(pos) && !isL(pos) && !isN(pos) || r == ' ' && pos+1 < n && !isS(pos+1) && !isL(pos+1) && !isN(pos+1):
			pos++
			for pos < n && !isS(pos) && !isL(pos) && !isN(pos) {
				pos++
			}
		default: // whitespace
			end := pos
			for isS(end) {
				end++
			}
			switch {
			case end == n: // \s+(?!\S) to the end
				pos = end
			case end-pos > 1: // \s+(?!\S), leaving the last space for the next word
				pos = end - 1
			default: // \s+
				pos = end
			}
		}
		out = append(out, c[start:pos])
	}
	return out
}

// pretokenizers lists the tokenizer.ggml.pre values zmlc implements and
// their steps.
var pretokenizers = map[string]func([]rune) [][]rune{
	"gpt2": splitGPT2,
	"smollm": func(text []rune) [][]rune {
		var out [][]rune
		for _, d := range splitDigits(text) {
			out = append(out, splitGPT2(d)...)
		}
		return out
	},
}
