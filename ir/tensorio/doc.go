// Package tensorio reads and writes host tensors (*ir.Tensor) in the two
// file formats zmlc exchanges with the Python ecosystem:
//
//   - NumPy's .npy (NEP 1, "A simple file format for NumPy arrays", as
//     documented in numpy.lib.format: versions 1.0, 2.0 and 3.0) and .npz (a
//     zip archive of .npy members, as numpy.savez writes it);
//   - safetensors (huggingface/safetensors, README section "Format"): an
//     8-byte little-endian header length N, N bytes of JSON header, then the
//     byte buffer that the header's data_offsets index.
//
// Reading is bounds-checked: malformed input gives a *FormatError naming the
// file and, where there is one, the tensor; it never panics. A safetensors
// file opened from a path is memory-mapped read-only, so the weights of a
// large model are not copied until a tensor is converted to *ir.Tensor.
//
// Writing is deterministic (the same tensors give the same bytes) and, for
// files, atomic: the data goes to a temporary file in the destination folder,
// is synced, and is renamed over the destination only when complete.
package tensorio
