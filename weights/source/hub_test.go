package source_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/weightstest"
	"github.com/zmlc/zmlc/ir/tensorio"
	"github.com/zmlc/zmlc/weights/source"
)

const (
	commit1 = "1111111111111111111111111111111111111111"
	commit2 = "2222222222222222222222222222222222222222"
)

// storiesRepo returns the files of a Hub repository holding stories260K
// split in three shards, with a config.json, as transformers lays it out.
func storiesRepo(t *testing.T) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	_, ts := weightstest.Stories260K(t, t.TempDir())
	weightstest.Shard(t, ts, dir, 3)
	files := map[string][]byte{"config.json": []byte(`{"model_type": "llama", "hidden_size": 64}` + "\n")}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = b
	}
	return files
}

// hubOptions are Options for the fixture h with a fresh cache.
func hubOptions(t *testing.T, h *weightstest.Hub) *source.Options {
	return &source.Options{Endpoint: h.URL, HubCache: t.TempDir(), Cache: t.TempDir(), Progress: -1, PartSize: 64 << 10, Parallel: 3}
}

// checkFiles checks that each file of m.Dir named in want has want's bytes.
func checkFiles(t *testing.T, dir string, want map[string][]byte) {
	t.Helper()
	for name, data := range want {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !bytes.Equal(got, data) {
			t.Errorf("%s: %d bytes differ from the repository's %d", name, len(got), len(data))
		}
	}
}

// TestHubSharded downloads a sharded repository and checks the cache is
// huggingface_hub's layout: blobs named by ETag (sha256 for LFS files,
// the git blob id for others), snapshot entries as relative symlinks into
// blobs, refs/main holding the commit; that the LFS files came from the
// CDN in ranged parts without the token; and that a second Open makes only
// HEAD requests.
func TestHubSharded(t *testing.T) {
	h := weightstest.NewHub(t)
	files := storiesRepo(t)
	h.AddRepo("karpathy/stories260K", &weightstest.HubRepo{Commits: map[string]map[string][]byte{commit1: files}, Refs: map[string]string{"main": commit1}})
	o := hubOptions(t, h)
	o.Token = "hf_secret"
	m, err := source.Open(context.Background(), "hf://karpathy/stories260K", o)
	if err != nil {
		t.Fatal(err)
	}
	repo := filepath.Join(o.HubCache, "models--karpathy--stories260K")
	if want := filepath.Join(repo, "snapshots", commit1); m.Dir != want {
		t.Errorf("Dir = %s, want %s", m.Dir, want)
	}
	if m.Format != "safetensors" || len(m.Files) != 3 || m.Index != filepath.Join(m.Dir, tensorio.SafetensorsIndexName) {
		t.Errorf("model = %+v, want 3 safetensors shards and the index", m)
	}
	checkFiles(t, m.Dir, files)
	for name, data := range files {
		p := filepath.Join(m.Dir, name)
		target, err := os.Readlink(p)
		if err != nil {
			t.Errorf("%s is not a symlink: %v", name, err)
			continue
		}
		etag := weightstest.GitBlobID(data)
		if strings.HasSuffix(name, ".safetensors") {
			etag = weightstest.SHA256(data)
		}
		if want := filepath.Join("..", "..", "blobs", etag); target != want {
			t.Errorf("%s → %s, want %s", name, target, want)
		}
	}
	if b, err := os.ReadFile(filepath.Join(repo, "refs", "main")); err != nil || string(b) != commit1 {
		t.Errorf("refs/main = %q, %v; want %s", b, err, commit1)
	}
	if ms, _ := filepath.Glob(filepath.Join(repo, "blobs", "*.incomplete")); len(ms) != 0 {
		t.Errorf("partial files left: %v", ms)
	}
	// The files absent from the repository are recorded as huggingface_hub does.
	if _, err := os.Stat(filepath.Join(repo, ".no_exist", commit1, "tokenizer.json")); err != nil {
		t.Errorf("no .no_exist record for tokenizer.json: %v", err)
	}
	s, err := m.OpenSafetensors()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(s.Names()); n != 5*9+2 {
		t.Errorf("%d tensors, want %d", n, 5*9+2)
	}
	s.Close()
	ranged, cdn := 0, 0
	for _, r := range h.Requests() {
		if r.Server == "cdn" {
			cdn++
			if r.Auth != "" {
				t.Errorf("the token was sent to the CDN: %+v", r)
			}
			if r.Range != "" {
				ranged++
			}
		} else if r.Auth != "Bearer hf_secret" {
			t.Errorf("the Hub got no token: %+v", r)
		}
	}
	if ranged < 4 || ranged != cdn {
		t.Errorf("%d of %d CDN requests ranged, want all (at least 4: 64 KiB parts)", ranged, cdn)
	}
	// Again: every file is in the cache, only HEADs are made.
	if _, err := source.Open(context.Background(), "hf://karpathy/stories260K", o); err != nil {
		t.Fatal(err)
	}
	for _, r := range h.Requests() {
		if r.Method != "HEAD" || r.Server != "hub" {
			t.Errorf("second Open made %+v, want HEADs to the Hub only", r)
		}
	}
}

// TestHubOffline reads a cached repository without the network: with
// HF_HUB_OFFLINE=1 in the environment, and with the server gone.
func TestHubOffline(t *testing.T) {
	h := weightstest.NewHub(t)
	files := storiesRepo(t)
	h.AddRepo("karpathy/stories260K", &weightstest.HubRepo{Commits: map[string]map[string][]byte{commit1: files}, Refs: map[string]string{"main": commit1}})
	o := hubOptions(t, h)
	if _, err := source.Open(context.Background(), "hf://karpathy/stories260K", o); err != nil {
		t.Fatal(err)
	}
	h.Requests()
	t.Setenv("HF_HUB_OFFLINE", "1")
	t.Setenv("HF_HUB_CACHE", o.HubCache)
	t.Setenv("HF_ENDPOINT", h.URL)
	m, err := source.Open(context.Background(), "hf://karpathy/stories260K", nil)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, m.Dir, files)
	if r := h.Requests(); len(r) != 0 {
		t.Errorf("HF_HUB_OFFLINE=1 made requests: %+v", r)
	}
	// A file that is not cached is one clear error naming it.
	_, err = source.Open(context.Background(), "hf://karpathy/stories260K/other.gguf", nil)
	if err == nil || !strings.Contains(err.Error(), "other.gguf") || !strings.Contains(err.Error(), "not in the cache") {
		t.Errorf("uncached file offline: err = %v", err)
	}
	// A revision given as a commit needs no ref.
	if _, err := source.Open(context.Background(), "hf://karpathy/stories260K@"+commit1, nil); err != nil {
		t.Errorf("offline at a commit: %v", err)
	}
	// The server is gone: the cache answers, as huggingface_hub does.
	os.Unsetenv("HF_HUB_OFFLINE")
	h.Close()
	m, err = source.Open(context.Background(), "hf://karpathy/stories260K", nil)
	if err != nil {
		t.Fatalf("server gone: %v", err)
	}
	checkFiles(t, m.Dir, files)
}

// TestHubPythonLayout reads offline a cache written by hand exactly as
// huggingface_hub's hf_hub_download writes it (file_download.py: blobs
// named by ETag, relative symlinks in snapshots/COMMIT, refs/main), for
// one unsharded safetensors file and a GGUF file in a subfolder.
func TestHubPythonLayout(t *testing.T) {
	cache := t.TempDir()
	repo := filepath.Join(cache, "models--org--tiny")
	mnist, err := os.ReadFile(weightstest.FindRepoFile(t, "examples/mnist/mlp.safetensors"))
	if err != nil {
		t.Fatal(err)
	}
	gguf := []byte("GGUF\x03\x00\x00\x00 not parsed here")
	cfg := []byte(`{"model_type": "mlp"}`)
	put := func(name string, data []byte, etag string) {
		blob := filepath.Join(repo, "blobs", etag)
		os.MkdirAll(filepath.Dir(blob), 0o755)
		if err := os.WriteFile(blob, data, 0o644); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(repo, "snapshots", commit2, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		rel, _ := filepath.Rel(filepath.Dir(p), blob)
		if err := os.Symlink(rel, p); err != nil {
			t.Fatal(err)
		}
	}
	put("model.safetensors", mnist, weightstest.SHA256(mnist))
	put("config.json", cfg, weightstest.GitBlobID(cfg))
	put("q4/tiny-Q4_1.gguf", gguf, weightstest.SHA256(gguf))
	os.MkdirAll(filepath.Join(repo, "refs"), 0o755)
	os.WriteFile(filepath.Join(repo, "refs", "main"), []byte(commit2), 0o644)
	// huggingface_hub's .no_exist records the optional files it looked for.
	for _, n := range []string{"model.safetensors.index.json", "tokenizer.json"} {
		p := filepath.Join(repo, ".no_exist", commit2, n)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	o := &source.Options{HubCache: cache, Offline: true, Endpoint: "http://127.0.0.1:1", Progress: -1}
	m, err := source.Open(context.Background(), "hf://org/tiny", o)
	if err != nil {
		t.Fatal(err)
	}
	if m.Format != "safetensors" || len(m.Files) != 1 || m.Index != "" {
		t.Errorf("model = %+v, want one safetensors file", m)
	}
	if got, _ := os.ReadFile(m.Files[0]); !bytes.Equal(got, mnist) {
		t.Errorf("%s differs from the blob", m.Files[0])
	}
	if b, err := fs.ReadFile(m.FS(), "config.json"); err != nil || !bytes.Equal(b, cfg) {
		t.Errorf("config.json through FS: %q, %v", b, err)
	}
	m, err = source.Open(context.Background(), "hf://org/tiny/q4/tiny-Q4_1.gguf", o)
	if err != nil {
		t.Fatal(err)
	}
	if m.Format != "gguf" || len(m.Files) != 1 || filepath.Base(m.Files[0]) != "tiny-Q4_1.gguf" {
		t.Errorf("gguf model = %+v", m)
	}
}

// TestHubResume cuts the CDN's answer in the middle of a shard: the first
// Open fails naming the file and leaves only blobs/ETAG.incomplete (no
// blob, no snapshot entry); the second resumes it with ranged requests
// from where the part ends and gives the right bytes.
func TestHubResume(t *testing.T) {
	h := weightstest.NewHub(t)
	files := storiesRepo(t)
	h.AddRepo("karpathy/stories260K", &weightstest.HubRepo{Commits: map[string]map[string][]byte{commit1: files}, Refs: map[string]string{"main": commit1}})
	shard := "model-00002-of-00003.safetensors"
	sum := weightstest.SHA256(files[shard])
	o := hubOptions(t, h)
	o.Parallel = 1
	h.CutAt(sum, 3*(64<<10)+1000) // in the fourth 64 KiB part
	_, err := source.Open(context.Background(), "hf://karpathy/stories260K", o)
	if err == nil || !strings.Contains(err.Error(), "hf://karpathy/stories260K/"+shard) || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("cut download: err = %v, want an interruption naming the shard", err)
	}
	blob := filepath.Join(o.HubCache, "models--karpathy--stories260K", "blobs", sum)
	if _, err := os.Stat(blob); err == nil {
		t.Fatalf("the cut download is in the cache as complete")
	}
	if _, err := os.Stat(filepath.Join(o.HubCache, "models--karpathy--stories260K", "snapshots", commit1, shard)); err == nil {
		t.Fatalf("the cut download has a snapshot entry")
	}
	// Parts are written in order: the partial file holds the 3 parts
	// before the cut and what arrived of the fourth.
	fi, err := os.Stat(blob + ".incomplete")
	if err != nil || fi.Size() < 3*(64<<10) || fi.Size() > 3*(64<<10)+1000 {
		t.Fatalf("partial file: %v, %v; want the 3 parts before the cut", fi, err)
	}
	have := fi.Size()
	h.Requests()
	m, err := source.Open(context.Background(), "hf://karpathy/stories260K", o)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, m.Dir, files)
	first := ""
	for _, r := range h.Requests() {
		if r.Server == "cdn" && strings.HasSuffix(r.Path, sum) && first == "" {
			first = r.Range
		}
	}
	if want := "bytes=" + strconv.FormatInt(have, 10) + "-"; !strings.HasPrefix(first, want) {
		t.Errorf("the resumed download's first range is %q, want it to start at byte %d (%s)", first, have, want)
	}
	if _, err := os.Stat(blob + ".incomplete"); err == nil {
		t.Errorf("the partial file is left after the resumed download")
	}
}

// TestHubCorrupt flips a byte of a shard in transfer: the sha256 (its
// ETag) catches it, the download is deleted and nothing of it is cached;
// the next Open downloads it right.
func TestHubCorrupt(t *testing.T) {
	h := weightstest.NewHub(t)
	files := storiesRepo(t)
	h.AddRepo("karpathy/stories260K", &weightstest.HubRepo{Commits: map[string]map[string][]byte{commit1: files}, Refs: map[string]string{"main": commit1}})
	shard := "model-00003-of-00003.safetensors"
	sum := weightstest.SHA256(files[shard])
	h.SetCorrupt(sum, true)
	o := hubOptions(t, h)
	_, err := source.Open(context.Background(), "hf://karpathy/stories260K", o)
	var ce *source.ChecksumError
	if !errors.As(err, &ce) || ce.Kind != "sha256" || ce.Want != sum || !strings.Contains(err.Error(), shard) {
		t.Fatalf("corrupted download: err = %v, want a sha256 ChecksumError naming %s", err, shard)
	}
	blobs := filepath.Join(o.HubCache, "models--karpathy--stories260K", "blobs")
	for _, p := range []string{filepath.Join(blobs, sum), filepath.Join(blobs, sum+".incomplete")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s is left after the checksum failed", p)
		}
	}
	h.SetCorrupt(sum, false)
	m, err := source.Open(context.Background(), "hf://karpathy/stories260K", o)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, m.Dir, files)
}

// TestHubErrors checks one clear error naming the location for a missing
// repository, revision and file, a gated repository without a token (and
// its success with one), and that a renamed repository's relative
// redirect is followed; nothing is left in the cache as complete.
func TestHubErrors(t *testing.T) {
	h := weightstest.NewHub(t)
	files := storiesRepo(t)
	h.AddRepo("karpathy/stories260K", &weightstest.HubRepo{Commits: map[string]map[string][]byte{commit1: files}, Refs: map[string]string{"main": commit1, "v1": commit1}})
	h.AddRepo("meta/gated", &weightstest.HubRepo{Commits: map[string]map[string][]byte{commit2: files}, Refs: map[string]string{"main": commit2}, Token: "hf_ok"})
	h.Rename("old/stories", "karpathy/stories260K")
	o := hubOptions(t, h)
	for _, c := range []struct{ loc, want string }{
		{"hf://nobody/nothing", "repository nobody/nothing not found"},
		{"hf://karpathy/stories260K@v9", `revision "v9" does not exist in karpathy/stories260K`},
		{"hf://karpathy/stories260K/nope.safetensors", "nope.safetensors: no such file in karpathy/stories260K"},
		{"hf://meta/gated", "meta/gated is a gated repository"},
		{"hf://karpathy", "want hf://ORG/NAME"},
	} {
		_, err := source.Open(context.Background(), c.loc, o)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.loc) {
			t.Errorf("%s: err = %v, want one naming the location with %q", c.loc, err, c.want)
		}
	}
	if ms, _ := filepath.Glob(filepath.Join(o.HubCache, "*", "snapshots", "*", "*")); len(ms) != 0 {
		t.Errorf("failed opens left snapshot entries: %v", ms)
	}
	o.Token = "hf_ok"
	if _, err := source.Open(context.Background(), "hf://meta/gated", o); err != nil {
		t.Errorf("gated with the token: %v", err)
	}
	m, err := source.Open(context.Background(), "hf://old/stories@v1", o)
	if err != nil {
		t.Fatalf("renamed repository: %v", err)
	}
	checkFiles(t, m.Dir, files)
}
