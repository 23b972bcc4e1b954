package main

import (
	"bytes"

	"github.com/zmlc/zmlc/frontend"
	"github.com/zmlc/zmlc/ir"
)

// loadModules turns an input into verified modules: a .mlir file is parsed
// part by part (split on `// -----` lines) and each part verified; a .zml
// file is compiled by the front end with the --dim bindings, whole, or part
// by part when split is set. The result has one entry per part, nil for a
// part that failed; errs holds every diagnostic produced, in order.
func loadModules(kind, filename string, src []byte, dims map[string]int64, split bool) (mods []*ir.Module, errs []error) {
	if kind == "zml" {
		chunks := [][2]int{{0, len(src)}}
		if split {
			chunks = splitChunks(src)
		}
		for _, c := range chunks {
			m, err := compileZML(filename, chunkSource(src, c), dims)
			if err != nil {
				errs = append(errs, err)
				m = nil
			}
			mods = append(mods, m)
		}
		return mods, errs
	}
	mods, err := parseSplitFile(filename, src)
	if err != nil {
		errs = append(errs, err)
	}
	for i, m := range mods {
		if m == nil {
			continue
		}
		if err := verifyModule(m); err != nil {
			errs = append(errs, err)
			mods[i] = nil
		}
	}
	return mods, errs
}

// compileZML is the .zml front end (frontend.Compile).
var compileZML = func(filename string, src []byte, dims map[string]int64) (*ir.Module, error) {
	return frontend.Compile(filename, src, frontend.Options{Dims: dims})
}

// splitChunks returns the [start, end) byte ranges of src between
// `// -----` lines (the marker lines belong to no chunk), as
// mlir-opt --split-input-file cuts a file.
func splitChunks(src []byte) [][2]int {
	var chunks [][2]int
	start := 0
	for off := 0; off < len(src); {
		end := len(src)
		if nl := bytes.IndexByte(src[off:], '\n'); nl >= 0 {
			end = off + nl
		}
		if isSplitMarker(src[off:end]) {
			chunks = append(chunks, [2]int{start, off})
			start = end
		}
		off = end + 1
	}
	return append(chunks, [2]int{start, len(src)})
}

// isSplitMarker reports whether line is `// -----` (at least five dashes,
// nothing else but blanks).
func isSplitMarker(line []byte) bool {
	line = bytes.TrimSpace(line)
	rest, ok := bytes.CutPrefix(line, []byte("//"))
	if !ok {
		return false
	}
	rest = bytes.TrimSpace(rest)
	return len(rest) >= 5 && len(bytes.Trim(rest, "-")) == 0
}

// chunkSource returns the text of chunk c of src with every line outside
// it blanked, so that line and column numbers of the chunk are those of
// the whole file.
func chunkSource(src []byte, c [2]int) []byte {
	if c[0] == 0 && c[1] == len(src) {
		return src
	}
	out := bytes.Repeat([]byte{'\n'}, bytes.Count(src[:c[0]], []byte{'\n'}))
	return append(out, src[c[0]:c[1]]...)
}
