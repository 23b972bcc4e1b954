package tokenizer

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
)

// SentencePiece is a llama2.c tokenizer.bin vocabulary: pieces with their
// merge scores, ids 0, 1 and 2 being <unk>, <s> (BOS) and </s> (EOS), and
// ids 3..258 the byte pieces <0x00>..<0xFF>.
type SentencePiece struct {
	Pieces         []string
	Scores         []float32
	MaxTokenLength int
	index          map[string]int
}

// LoadSentencePiece reads a llama2.c tokenizer.bin (llama2.c's
// tokenizer.py export and run.c's build_tokenizer): int32
// max_token_length, then for each of the vocab pieces (the count is not
// in the file: it is the model's vocabulary size) a float32 score, an
// int32 length and the piece's bytes. A short or malformed file is an
// error naming the piece.
func LoadSentencePiece(path string, vocab int) (*SentencePiece, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := ParseSentencePiece(data, vocab)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// ParseSentencePiece parses tokenizer.bin bytes (see LoadSentencePiece).
func ParseSentencePiece(data []byte, vocab int) (*SentencePiece, error) {
	le := binary.LittleEndian
	if vocab < 3 {
		return nil, fmt.Errorf("tokenizer: vocabulary size %d (at least 3: <unk>, <s>, </s>)", vocab)
	}
	if len(data) < 4 {
		return nil, fmt.Errorf("tokenizer: file truncated: no max_token_length")
	}
	t := &SentencePiece{MaxTokenLength: int(int32(le.Uint32(data))), index: make(map[string]int, vocab)}
	off := 4
	for i := range vocab {
		if len(data)-off < 8 {
			return nil, fmt.Errorf("tokenizer: file truncated at piece %d of %d", i, vocab)
		}
		score := math.Float32frombits(le.Uint32(data[off:]))
		n := int(int32(le.Uint32(data[off+4:])))
		off += 8
		if n < 0 || n > len(data)-off {
			return nil, fmt.Errorf("tokenizer: piece %d: length %d past the end of the file", i, n)
		}
		p := string(data[off : off+n])
		off += n
		t.Pieces = append(t.Pieces, p)
		t.Scores = append(t.Scores, score)
		if _, dup := t.index[p]; !dup {
			t.index[p] = i
		}
	}
	return t, nil
}

// Vocab returns the number of pieces.
func (t *SentencePiece) Vocab() int { return len(t.Pieces) }

// BOS returns 1, llama2.c's <s>.
func (t *SentencePiece) BOS() int { return 1 }

// EOS returns 2, llama2.c's </s>.
func (t *SentencePiece) EOS() int { return 2 }

// lookup is run.c's str_lookup: the id of piece s, or -1.
func (t *SentencePiece) lookup(s string) int {
	if id, ok := t.index[s]; ok {
		return id
	}
	return -1
}

// Encode is run.c's encode(text, bos, eos=0): BOS (1) when bos; then,
// unless text is empty, the id of the piece " " (the dummy prefix); then
// each UTF-8 code point of text (a leading byte and at most 3
// continuation bytes) as its piece, or as byte tokens (byte + 3) when the
// vocabulary lacks it; then, while any adjacent pair's concatenation is a
// piece, the pair with the highest score (the leftmost on ties) is merged.
func (t *SentencePiece) Encode(text string, bos bool) ([]int, error) {
	var ids []int
	if bos {
		ids = append(ids, 1)
	}
	if text != "" {
		ids = append(ids, t.lookup(" "))
	}
	var buf []byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c&0xC0 != 0x80 {
			buf = buf[:0]
		}
		buf = append(buf, c)
		if i+1 < len(text) && text[i+1]&0xC0 == 0x80 && len(buf) < 4 {
			continue
		}
		if id := t.lookup(string(buf)); id != -1 {
			ids = append(ids, id)
		} else {
			for _, b := range buf {
				ids = append(ids, int(b)+3)
			}
		}
		buf = buf[:0]
	}
	for {
		best, bestID, bestIdx := float32(-1e10), -1, -1
		for i := 0; i+1 < len(ids); i++ {
			id := t.lookup(t.Pieces[ids[i]] + t.Pieces[ids[i+1]])
			if id != -1 && t.Scores[id] > best {
				best, bestID, bestIdx = t.Scores[id], id, i
			}
		}
		if bestIdx == -1 {
			break
		}
		ids[bestIdx] = bestID
		ids = append(ids[:bestIdx+1], ids[bestIdx+2:]...)
	}
	for _, id := range ids {
		if id < 0 || id >= len(t.Pieces) {
			return nil, fmt.Errorf("tokenizer: %q needs token %d, outside the vocabulary of %d (no \" \" piece or no byte pieces)", text, id, len(t.Pieces))
		}
	}
	return ids, nil
}

// Decode is run.c's decode: the piece of id, without its leading space
// right after BOS (prev == 1), and a <0xNN> byte piece as that byte.
func (t *SentencePiece) Decode(prev, id int) ([]byte, error) {
	if id < 0 || id >= len(t.Pieces) {
		return nil, fmt.Errorf("tokenizer: unknown token id %d (the vocabulary has %d)", id, len(t.Pieces))
	}
	p := t.Pieces[id]
	if prev == 1 && len(p) > 0 && p[0] == ' ' {
		p = p[1:]
	}
	if b, ok := bytePiece(p); ok {
		return []byte{b}, nil
	}
	return []byte(p), nil
}

// bytePiece parses a byte piece as run.c's sscanf(piece, "<0x%02hhX>")
// does: "<0x" and one or two hex digits.
func bytePiece(p string) (byte, bool) {
	if len(p) < 4 || p[:3] != "<0x" {
		return 0, false
	}
	v, n := 0, 0
	for _, c := range []byte(p[3:min(len(p), 5)]) {
		d := hexDigit(c)
		if d < 0 {
			break
		}
		v, n = v*16+d, n+1
	}
	return byte(v), n > 0
}

func hexDigit(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// Printable is run.c's safe_printf filter: it returns piece unchanged
// unless it is a single byte that is neither printable ASCII nor
// whitespace (isprint/isspace in the C locale), which it drops.
func Printable(piece []byte) []byte {
	if len(piece) == 1 {
		c := piece[0]
		if !(c >= 0x20 && c < 0x7f || c == ' ' || c >= '\t' && c <= '\r') {
			return nil
		}
	}
	return piece
}
