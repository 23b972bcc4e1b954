"""Reference token ids for the GPT-2 byte-level BPE of a GGUF file.

Builds a Hugging Face `tokenizers` tokenizer (Rust, independent of zmlc) from the
file's tokenizer.ggml.tokens and merges, with SmolLM2's pre-tokeniser (its
tokenizer.json: Digits(individual_digits=True) then ByteLevel(add_prefix_space=False),
whose regex is GPT-2's with look-ahead) and its control tokens as special tokens, and
prints the ids of a fixed list of texts as JSON. Not part of CI; its output is
llm/tokenizer/testdata/smollm2_encode.json:

    python3 -m venv /tmp/ref && /tmp/ref/bin/pip install gguf==0.19.0 tokenizers==0.23.3 numpy
    /tmp/ref/bin/python examples/llama/reference/smollm2_tokens.py \
        ~/.cache/zmlc/smollm2/SmolLM2-135M-Instruct.Q4_1.gguf > llm/tokenizer/testdata/smollm2_encode.json
"""
import json
import sys

import gguf
from tokenizers import Tokenizer, decoders, models, pre_tokenizers

TEXTS = [
    "Hello, world!",
    "What is the capital of France?",
    "The year 2024 had 366 days; π≈3.14159.",
    "  leading and trailing spaces  ",
    "tabs\tand\nnewlines\n\nand\r\nCRLF",
    "I'm sure they'll say you've done it, we'd agree. DON'T SHOUT",
    "héllo wörld ☃ 😀 日本語のテキスト",
    "<|im_start|>user\nHi there<|im_end|>\n<|im_start|>assistant\n",
    "code: for (int i = 0; i < n; i++) { x[i] += 1; }",
    "    indented\n        more",
    "a  b   c    d",
    "emoji 👩‍👩‍👧 family and ZWJ",
    "Ωμέγα and Ελληνικά, Кириллица",
    "x",
    "",
    "!!!???...",
    "snake_case camelCase kebab-case",
    "$100.00 and 50% off",
]


def main(path):
    r = gguf.GGUFReader(path)

    def field(name):
        f = r.fields[name]
        if len(f.types) > 1 and f.types[0] == gguf.GGUFValueType.ARRAY:
            return [f.contents(i) for i in range(len(f.data))]
        return f.contents()

    tokens = field("tokenizer.ggml.tokens")
    merges = field("tokenizer.ggml.merges")
    types = field("tokenizer.ggml.token_type")
    vocab = {t: i for i, t in reversed(list(enumerate(tokens)))}
    bpe = models.BPE(vocab=vocab, merges=[tuple(m.split(" ", 1)) for m in merges])
    tok = Tokenizer(bpe)
    tok.pre_tokenizer = pre_tokenizers.Sequence(
        [pre_tokenizers.Digits(individual_digits=True), pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)]
    )
    tok.decoder = decoders.ByteLevel()
    tok.add_special_tokens([t for t, ty in zip(tokens, types) if ty == 3])
    out = [{"text": t, "ids": tok.encode(t, add_special_tokens=False).ids} for t in TEXTS]
    json.dump(out, sys.stdout, ensure_ascii=False, indent=0)
    print()


if __name__ == "__main__":
    main(sys.argv[1])
