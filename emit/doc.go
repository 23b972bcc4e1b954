// Package emit writes and reads zmlc's artifact bundle (.zpkg), the one file
// a compile produces and a launcher runs. The format is specified in
// docs/BUNDLE.md:
//
//   - a 4096-byte header page: magic, format version, and the offset, size
//     and sha256 of the manifest, then zeros;
//   - the blobs (host program, kernel modules, optimised StableHLO, embedded
//     weights), each at a multiple of 4096 bytes so it can be mapped without
//     copying, the gaps filled with zeros;
//   - the manifest, JSON with sorted keys, last, also at a multiple of 4096.
//
// Writing is deterministic (the same manifest and blobs give the same bytes:
// no times, paths or build ids) and atomic (a temporary file renamed into
// place). Reading maps the file, checks every header field, the layout, the
// manifest and every blob's sha256, and returns a *FormatError for anything
// malformed; it never panics.
package emit
