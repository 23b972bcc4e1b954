// Package tokenizer turns text into token ids and back for Llama-family
// models:
//
//   - SentencePiece: llama2.c's tokenizer.bin (a SentencePiece BPE
//     vocabulary with scores and byte fallback), encoding exactly as
//     llama2.c's run.c encode does (BOS, the dummy-prefix space, UTF-8
//     code points looked up whole or split into <0xNN> byte tokens, then
//     repeatedly merging the adjacent pair whose merged piece has the
//     highest score) and decoding as its decode does;
//   - BPE: GPT-2's byte-level BPE as GGUF stores it
//     (tokenizer.ggml.model "gpt2": tokenizer.ggml.tokens, merges and
//     token_type, with control tokens matched whole in the text), with
//     the pre-tokeniser of the file's tokenizer.ggml.pre.
//
// Both implement Tokenizer. Chat templates (ChatML) are in chat.go.
package tokenizer

// Tokenizer encodes text to token ids and decodes ids to bytes.
type Tokenizer interface {
	// Encode returns the ids of text, preceded by BOS when bos is true
	// and the tokenizer has one.
	Encode(text string, bos bool) ([]int, error)
	// Decode returns the bytes token id stands for when it follows
	// token prev (-1 at the start): SentencePiece drops the leading
	// space of the first piece after BOS. It returns an error for an id
	// outside the vocabulary.
	Decode(prev, id int) ([]byte, error)
	// Vocab returns the vocabulary size.
	Vocab() int
	// BOS and EOS return the beginning- and end-of-sequence ids (-1 when
	// there is none).
	BOS() int
	EOS() int
}
