package tensorio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// SafetensorsIndexName is the file name Hugging Face gives the index of a
// checkpoint split into several safetensors files (transformers'
// SAFE_WEIGHTS_INDEX_NAME), and SafetensorsName the name of an unsplit one
// (SAFE_WEIGHTS_NAME).
const (
	SafetensorsIndexName = "model.safetensors.index.json"
	SafetensorsName      = "model.safetensors"
)

// SafetensorsIndex is a parsed model.safetensors.index.json, as
// transformers' save_pretrained writes it (modeling_utils.py, "shard
// checkpoint"): a JSON object
//
//	{"metadata": {"total_size": BYTES, ...}, "weight_map": {"TENSOR": "FILE", ...}}
//
// where FILE is a shard's name relative to the index's folder and
// total_size, when present, the sum of the tensors' sizes in bytes.
type SafetensorsIndex struct {
	// TotalSize is metadata.total_size, or -1 when the index has none.
	TotalSize int64
	// WeightMap maps each tensor name to its shard's file name.
	WeightMap map[string]string
}

// Shards returns the distinct shard file names of the weight map, sorted.
func (ix *SafetensorsIndex) Shards() []string {
	var out []string
	for _, f := range ix.WeightMap {
		out = append(out, f)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// ParseSafetensorsIndex parses data, the content of the index file at
// path (used in errors). It returns a *FormatError (format
// "safetensors index") if the JSON is malformed, weight_map is missing or
// maps a tensor to something other than a string, metadata.total_size is
// not a non-negative integer, or a shard name is empty, absolute, or
// leaves the index's folder ("..", a backslash).
func ParseSafetensorsIndex(path string, data []byte) (*SafetensorsIndex, error) {
	fail := func(msg string, args ...any) error { return errorf("safetensors index", path, msg, args...) }
	var raw struct {
		Metadata  map[string]json.RawMessage `json:"metadata"`
		WeightMap map[string]json.RawMessage `json:"weight_map"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		return nil, fail("not a JSON object with a weight_map: %v", err)
	}
	if raw.WeightMap == nil {
		return nil, fail("no weight_map")
	}
	ix := &SafetensorsIndex{TotalSize: -1, WeightMap: make(map[string]string, len(raw.WeightMap))}
	if ts, ok := raw.Metadata["total_size"]; ok {
		var n json.Number
		if err := json.Unmarshal(ts, &n); err != nil {
			return nil, fail("metadata.total_size is %s, not a number", ts)
		}
		v, err := n.Int64()
		if err != nil || v < 0 {
			// transformers writes an integer, but some tools write a float
			// holding one (e.g. 1.2e9); accept that exactly.
			f, ferr := n.Float64()
			if ferr != nil || f < 0 || f != float64(int64(f)) {
				return nil, fail("metadata.total_size %s is not a non-negative integer", n)
			}
			v = int64(f)
		}
		ix.TotalSize = v
	}
	for name, v := range raw.WeightMap {
		var file string
		if err := json.Unmarshal(v, &file); err != nil {
			return nil, tensorErrorf("safetensors index", path, name, "weight_map entry %s is not a file name", v)
		}
		if !validShardName(file) {
			return nil, tensorErrorf("safetensors index", path, name, "shard %q is not a file name inside the index's folder", file)
		}
		ix.WeightMap[name] = file
	}
	return ix, nil
}

// validShardName reports whether name is a slash-separated relative path
// that stays inside its folder.
func validShardName(name string) bool {
	return name != "" && !strings.Contains(name, `\`) && !path.IsAbs(name) && path.Clean(name) == name &&
		name != ".." && !strings.HasPrefix(name, "../")
}

// Shards is a checkpoint made of several safetensors files (or one): each
// tensor name belongs to exactly one of them. Its Files are memory-mapped
// as OpenSafetensors maps them; it is safe for concurrent reads.
type Shards struct {
	files []*File
	owner map[string]int // tensor name → index in files
}

// OpenSafetensorsShards opens the safetensors files at paths as one
// checkpoint. A tensor name present in two files is an error naming both.
// The caller must Close the result. Errors are OpenSafetensors' for each
// file.
func OpenSafetensorsShards(paths ...string) (*Shards, error) {
	s := &Shards{owner: map[string]int{}}
	for i, p := range paths {
		f, err := OpenSafetensors(p)
		if err != nil {
			s.Close()
			return nil, err
		}
		s.files = append(s.files, f)
		for _, name := range f.Names() {
			if j, dup := s.owner[name]; dup {
				s.Close()
				return nil, tensorErrorf("safetensors", p, name, "the tensor is also in %s", paths[j])
			}
			s.owner[name] = i
		}
	}
	return s, nil
}

// OpenSafetensorsIndex opens a sharded checkpoint from its index file (a
// model.safetensors.index.json, see SafetensorsIndex): every shard it
// names, relative to the index's folder. Only the tensors of the
// weight_map belong to the checkpoint. It fails with a *FormatError when a
// mapped tensor is not in its shard, or when metadata.total_size differs
// from the sum of the mapped tensors' sizes (a shard of another version of
// the checkpoint); and with OpenSafetensors' errors for each shard.
func OpenSafetensorsIndex(indexPath string) (*Shards, error) {
	data, err := os.ReadFile(indexPath)
	if err != nil {
		return nil, err
	}
	ix, err := ParseSafetensorsIndex(indexPath, data)
	if err != nil {
		return nil, err
	}
	s := &Shards{owner: make(map[string]int, len(ix.WeightMap))}
	dir := filepath.Dir(indexPath)
	pos := map[string]int{}
	for _, name := range ix.Shards() {
		f, err := OpenSafetensors(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			s.Close()
			return nil, err
		}
		pos[name] = len(s.files)
		s.files = append(s.files, f)
	}
	var total int64
	for name, shard := range ix.WeightMap {
		i := pos[shard]
		info, ok := s.files[i].Info(name)
		if !ok {
			s.Close()
			return nil, tensorErrorf("safetensors index", indexPath, name, "the weight_map puts the tensor in %s, which does not hold it", shard)
		}
		total += info.Size()
		s.owner[name] = i
	}
	if ix.TotalSize >= 0 && ix.TotalSize != total {
		s.Close()
		return nil, errorf("safetensors index", indexPath, "metadata.total_size is %d bytes, but the mapped tensors of the shards hold %d", ix.TotalSize, total)
	}
	return s, nil
}

// Files returns the shards, in the order they were opened.
func (s *Shards) Files() []*File { return slices.Clone(s.files) }

// Lookup returns the shard holding the tensor called name and its
// description there (offsets relative to that file's data buffer).
func (s *Shards) Lookup(name string) (*File, TensorInfo, bool) {
	i, ok := s.owner[name]
	if !ok {
		return nil, TensorInfo{}, false
	}
	info, _ := s.files[i].Info(name)
	return s.files[i], info, true
}

// Names returns the checkpoint's tensor names, sorted.
func (s *Shards) Names() []string {
	out := make([]string, 0, len(s.owner))
	for n := range s.owner {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Tensor decodes the tensor called name (see File.Tensor). A name in no
// shard is a *FormatError naming the tensor.
func (s *Shards) Tensor(name string) (*ir.Tensor, error) {
	f, _, ok := s.Lookup(name)
	if !ok {
		p := ""
		if len(s.files) == 1 {
			p = s.files[0].Path()
		}
		return nil, tensorErrorf("safetensors", p, name, "no such tensor in the checkpoint")
	}
	return f.Tensor(name)
}

// Close unmaps every shard; the first error is returned.
func (s *Shards) Close() error {
	var errs []error
	for _, f := range s.files {
		errs = append(errs, f.Close())
	}
	return errors.Join(errs...)
}

// String names the shards, for messages.
func (s *Shards) String() string {
	names := make([]string, len(s.files))
	for i, f := range s.files {
		names[i] = f.Path()
	}
	return fmt.Sprint(names)
}
