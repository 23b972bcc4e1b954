// Package llm holds the host side of text generation with Llama-family
// models: reading checkpoints (llama2.c's .bin, GGUF, Hugging Face
// directories) into one Config and one set of tensor names, and, in its
// subpackages, the GGUF format (llm/gguf), tokenizers (llm/tokenizer) and
// sampling (llm/sample).
//
// It sits beside the compiler rather than in it: it imports neither the
// front end nor the passes, so a launcher that runs a compiled model can
// use it to bind weights and turn tokens into text.
//
// Every checkpoint is presented with the parameter names of llama2.c's and
// Meta's PyTorch model (model.py), which examples/llama/llama.zml declares:
//
//	tok_embeddings.weight                     [vocab, dim]
//	layers.N.attention_norm.weight            [dim]
//	layers.N.attention.wq.weight              [heads·head_dim, dim]
//	layers.N.attention.wk.weight              [kv_heads·head_dim, dim]
//	layers.N.attention.wv.weight              [kv_heads·head_dim, dim]
//	layers.N.attention.wo.weight              [dim, heads·head_dim]
//	layers.N.ffn_norm.weight                  [dim]
//	layers.N.feed_forward.w1.weight           [hidden, dim]   (gate)
//	layers.N.feed_forward.w2.weight           [dim, hidden]   (down)
//	layers.N.feed_forward.w3.weight           [hidden, dim]   (up)
//	norm.weight                               [dim]
//	output.weight                             [vocab, dim]    (absent when tied)
//
// Shapes are row-major (slowest dimension first). Tensor bytes are never
// copied or converted on opening: each Tensor's Data is a slice of the
// file's read-only memory map, in the file's own element type, quantised
// blocks included.
package llm
