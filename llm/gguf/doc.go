// Package gguf reads GGUF files, the model format of ggml and llama.cpp
// (ggml-org/ggml, docs/gguf.md): a header (magic "GGUF", version, tensor
// and metadata counts), typed metadata key/value pairs, a table of tensor
// infos (name, dimensions, ggml type, offset) and the tensor data, each
// tensor starting at a multiple of general.alignment (32 by default).
//
// Versions 2 and 3 in little-endian byte order are read (version 1 used
// 32-bit counts and is long obsolete; big-endian files are rejected with
// a clear error). A file is memory-mapped read-only by Open; nothing is
// copied until a caller asks for a tensor's values. Every length and
// offset is checked against the file's size before use, so a truncated or
// malformed file gives a *FormatError, never a panic or a huge
// allocation (FuzzParse checks it).
package gguf
