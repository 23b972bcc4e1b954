package source

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/zmlc/zmlc/ir/tensorio"
)

// Options tune Open. Empty fields (and a nil *Options) take their value
// from the environment (see FromEnv) or their default.
type Options struct {
	// HubCache is huggingface_hub's cache folder (HF_HUB_CACHE, else
	// $HF_HOME/hub, else $XDG_CACHE_HOME/huggingface/hub).
	HubCache string
	// Endpoint is the Hub's address (HF_ENDPOINT, else
	// https://huggingface.co), Token its bearer token (HF_TOKEN, else the
	// token file), Offline HF_HUB_OFFLINE: read the cache only.
	Endpoint, Token string
	Offline         bool
	// Cache is where S3 and HTTP files are cached (ZMLC_WEIGHTS_CACHE,
	// else $XDG_CACHE_HOME/zmlc/weights).
	Cache string
	// S3Endpoint is the S3 server's URL (AWS_ENDPOINT_URL_S3, else
	// AWS_ENDPOINT_URL; "" for AWS), S3Region its region (AWS_REGION, else
	// AWS_DEFAULT_REGION).
	S3Endpoint, S3Region string
	// HTTPClient makes the HTTP requests (nil: http.DefaultClient's
	// transport).
	HTTPClient *http.Client
	// Parallel is the number of parts of one file fetched at once
	// (default 4); PartSize their size in bytes (default 16 MiB). At most
	// Parallel parts are held in memory while they wait to be written.
	Parallel int
	PartSize int64
	// Progress forces (1) or suppresses (-1) the download progress bar;
	// 0 shows it when Stderr is a terminal.
	Progress int
	// Stderr receives the progress bar (nil: os.Stderr).
	Stderr io.Writer
}

// FromEnv returns Options read from the environment variables named in
// the fields' documentation.
func FromEnv() Options {
	o := Options{
		Endpoint:   os.Getenv("HF_ENDPOINT"),
		Token:      os.Getenv("HF_TOKEN"),
		Offline:    truthy(os.Getenv("HF_HUB_OFFLINE")),
		Cache:      os.Getenv("ZMLC_WEIGHTS_CACHE"),
		S3Endpoint: firstEnv("AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"),
		S3Region:   firstEnv("AWS_REGION", "AWS_DEFAULT_REGION"),
	}
	hfHome := os.Getenv("HF_HOME")
	if hfHome == "" {
		hfHome = filepath.Join(xdgCache(), "huggingface")
	}
	o.HubCache = firstEnv("HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE")
	if o.HubCache == "" {
		o.HubCache = filepath.Join(hfHome, "hub")
	}
	if o.Token == "" {
		p := os.Getenv("HF_TOKEN_PATH")
		if p == "" {
			p = filepath.Join(hfHome, "token")
		}
		if b, err := os.ReadFile(p); err == nil {
			o.Token = strings.TrimSpace(string(b))
		}
	}
	if o.Cache == "" {
		o.Cache = filepath.Join(xdgCache(), "zmlc", "weights")
	}
	return o
}

// withDefaults returns o (nil: FromEnv()) with every empty field taken
// from the environment or its default.
func (o *Options) withDefaults() Options {
	env := FromEnv()
	if o == nil {
		o = &env
	}
	r := *o
	r.HubCache = cmpOr(r.HubCache, env.HubCache)
	r.Endpoint = strings.TrimRight(cmpOr(r.Endpoint, env.Endpoint, defaultHubAddress), "/")
	r.Token = cmpOr(r.Token, env.Token)
	r.Offline = r.Offline || env.Offline
	r.Cache = cmpOr(r.Cache, env.Cache)
	r.S3Endpoint = cmpOr(r.S3Endpoint, env.S3Endpoint)
	r.S3Region = cmpOr(r.S3Region, env.S3Region)
	if r.HTTPClient == nil {
		r.HTTPClient = &http.Client{}
	}
	if r.Parallel <= 0 {
		r.Parallel = 4
	}
	if r.PartSize <= 0 {
		r.PartSize = 16 << 20
	}
	if r.Stderr == nil {
		r.Stderr = os.Stderr
	}
	return r
}

// Model is a resolved weights location: local files, complete and
// verified, that stay in place (a cache or the user's folder) while they
// are used.
type Model struct {
	// Location is the location as given.
	Location string
	// Dir is the local folder that mirrors the location's folder (the
	// repository's snapshot for hf://): the weights and the files beside
	// them (config.json, tokenizer files) that were fetched.
	Dir string
	// Format is "safetensors" or "gguf".
	Format string
	// Files are the weight files: the shards of a sharded safetensors
	// checkpoint in the index's order (sorted by name), else one file.
	Files []string
	// Index is the model.safetensors.index.json of a sharded checkpoint
	// (a path in Dir), or "".
	Index string
}

// FS returns a read-only view of Dir.
func (m *Model) FS() fs.FS { return os.DirFS(m.Dir) }

// OpenSafetensors memory-maps the checkpoint's safetensors files as one
// (tensorio.OpenSafetensorsIndex for a sharded one). A GGUF model is an
// error naming the location.
func (m *Model) OpenSafetensors() (*tensorio.Shards, error) {
	switch {
	case m.Format != "safetensors":
		return nil, fmt.Errorf("%s: %s weights, not safetensors", m.Location, m.Format)
	case m.Index != "":
		return tensorio.OpenSafetensorsIndex(m.Index)
	}
	return tensorio.OpenSafetensorsShards(m.Files...)
}

// companions are the files beside the weights that a folder location
// fetches when they exist: what Hugging Face repositories keep for the
// model's configuration and tokenizer.
var companions = []string{"config.json", "generation_config.json", "tokenizer.json", "tokenizer_config.json", "tokenizer.model", "special_tokens_map.json"}

// store is one kind of location: it makes a file of its folder local.
type store interface {
	// get returns the local path of the file name (a clean slash path
	// relative to the location's folder), fetching it if needed. A
	// missing file is an error wrapping fs.ErrNotExist; a file that can
	// only come from a network that is off wraps errNotCached.
	get(ctx context.Context, name string) (string, error)
	// dir is the local folder mirroring the location's folder, once get
	// has succeeded.
	dir() string
}

// errNotCached marks a file that is not in the cache when the network
// may not be used (HF_HUB_OFFLINE) or cannot be reached.
var errNotCached = errors.New("not in the cache")

// Open resolves location to local files (see the package documentation),
// downloading what is not cached. Errors name the location: a malformed
// location, a missing repository, revision, bucket, object or file, a
// refused access (401, 403), a network failure (the partial download is
// kept as .incomplete and resumed by the next Open), a size or checksum
// that does not match (the download is deleted).
func Open(ctx context.Context, location string, opts *Options) (*Model, error) {
	l, err := Parse(location)
	if err != nil {
		return nil, err
	}
	o := opts.withDefaults()
	var st store
	file := l.File
	switch l.Scheme {
	case "file":
		fi, err := os.Stat(l.Path)
		if err != nil {
			return nil, fmt.Errorf("weights %s: %w", location, err)
		}
		if fi.IsDir() {
			st, file = &localStore{root: l.Path}, ""
		} else {
			st, file = &localStore{root: filepath.Dir(l.Path)}, filepath.Base(l.Path)
		}
	case "hf":
		st = newHubStore(l, &o)
	case "s3":
		if st, err = newS3Store(l, &o); err != nil {
			return nil, fmt.Errorf("weights %s: %w", location, err)
		}
	default:
		st = newHTTPStore(l, &o)
	}
	if l.Scheme != "file" && !l.NamesFile() {
		st, file = subdir(st, l.File), ""
	} else if l.Scheme != "file" {
		st, file = subdir(st, path.Dir(l.File)), path.Base(l.File)
	}
	m, err := resolve(ctx, st, file, location)
	if err != nil {
		if strings.HasPrefix(err.Error(), location+": ") {
			return nil, fmt.Errorf("weights %w", err) // it names the location already
		}
		return nil, fmt.Errorf("weights %s: %w", location, err)
	}
	return m, nil
}

// resolve finds the weight files of st's folder (file "") or of one file.
func resolve(ctx context.Context, st store, file, location string) (*Model, error) {
	m := &Model{Location: location}
	if file != "" {
		p, err := st.get(ctx, file)
		if err != nil {
			return nil, err
		}
		switch {
		case strings.HasSuffix(file, ".json"):
			if err := shards(ctx, st, m, p); err != nil {
				return nil, err
			}
		case strings.HasSuffix(file, ".gguf"):
			m.Format, m.Files = "gguf", []string{p}
		default:
			m.Format, m.Files = "safetensors", []string{p}
		}
		m.Dir = st.dir()
		return m, nil
	}
	for _, c := range companions {
		if _, err := st.get(ctx, c); err != nil && !absent(err) {
			return nil, err
		}
	}
	p, err := st.get(ctx, tensorio.SafetensorsIndexName)
	switch {
	case err == nil:
		if err := shards(ctx, st, m, p); err != nil {
			return nil, err
		}
	case !absent(err):
		return nil, err
	default:
		p, err = st.get(ctx, tensorio.SafetensorsName)
		switch {
		case err == nil:
			m.Format, m.Files = "safetensors", []string{p}
		case !absent(err):
			return nil, err
		default:
			if ls, ok := st.(lister); ok {
				if err := ls.single(m); err != nil {
					return nil, err
				}
				break
			}
			if errors.Is(err, errNotCached) {
				return nil, fmt.Errorf("neither %s nor %s is in the cache: %w", tensorio.SafetensorsIndexName, tensorio.SafetensorsName, err)
			}
			return nil, fmt.Errorf("no %s or %s in the folder; name the weights file (…/FILE.safetensors or …/FILE.gguf)", tensorio.SafetensorsIndexName, tensorio.SafetensorsName)
		}
	}
	m.Dir = st.dir()
	return m, nil
}

// shards fetches the shards listed by the index at p (the local copy of
// the index file, at the top of st's folder, which shard names are
// relative to) into m.
func shards(ctx context.Context, st store, m *Model, p string) error {
	data, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	ix, err := tensorio.ParseSafetensorsIndex(p, data)
	if err != nil {
		return err
	}
	names := ix.Shards()
	if len(names) == 0 {
		return fmt.Errorf("%s: the weight_map is empty", p)
	}
	m.Format, m.Index = "safetensors", p
	for _, n := range names {
		sp, err := st.get(ctx, n)
		if err != nil {
			if absent(err) {
				return fmt.Errorf("shard %s of %s: %w", n, path.Base(p), err)
			}
			return err
		}
		m.Files = append(m.Files, sp)
	}
	return nil
}

// absent reports whether err says a file does not exist (or is not
// cached while offline): an optional file is then skipped.
func absent(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, errNotCached)
}

// lister is a store that can list its folder (local folders): a folder
// without model.safetensors then resolves to its one weights file.
type lister interface {
	single(m *Model) error
}

// localStore is a local folder.
type localStore struct{ root string }

func (s *localStore) get(_ context.Context, name string) (string, error) {
	p := filepath.Join(s.root, filepath.FromSlash(name))
	fi, err := os.Stat(p)
	if err != nil {
		return "", err
	}
	if fi.IsDir() {
		return "", fmt.Errorf("%s is a folder", p)
	}
	return p, nil
}

func (s *localStore) dir() string { return s.root }

func (s *localStore) single(m *Model) error {
	var found []string
	for _, pat := range []string{"*.gguf", "*.safetensors"} {
		ms, _ := filepath.Glob(filepath.Join(s.root, pat))
		found = append(found, ms...)
	}
	switch len(found) {
	case 0:
		return fmt.Errorf("no %s, %s, .safetensors or .gguf file in the folder", tensorio.SafetensorsIndexName, tensorio.SafetensorsName)
	case 1:
		m.Format, m.Files = "safetensors", found
		if strings.HasSuffix(found[0], ".gguf") {
			m.Format = "gguf"
		}
		return nil
	}
	slices.Sort(found)
	for i := range found {
		found[i] = filepath.Base(found[i])
	}
	return fmt.Errorf("the folder holds several weight files (%s) and no %s: name one", strings.Join(found, ", "), tensorio.SafetensorsIndexName)
}

// subStore is a folder inside another store's folder.
type subStore struct {
	store
	prefix string
}

// subdir returns st's folder prefix ("" or "." for st itself).
func subdir(st store, prefix string) store {
	if prefix == "" || prefix == "." {
		return st
	}
	return &subStore{st, prefix}
}

func (s *subStore) get(ctx context.Context, name string) (string, error) {
	return s.store.get(ctx, path.Join(s.prefix, name))
}

func (s *subStore) dir() string { return filepath.Join(s.store.dir(), filepath.FromSlash(s.prefix)) }

func truthy(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

func firstEnv(names ...string) string {
	for _, n := range names {
		if v := os.Getenv(n); v != "" {
			return v
		}
	}
	return ""
}

func cmpOr(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}

// xdgCache is $XDG_CACHE_HOME, else ~/.cache (huggingface_hub's default
// on every system, which os.UserCacheDir is not on macOS).
func xdgCache() string {
	if d := os.Getenv("XDG_CACHE_HOME"); d != "" {
		return d
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return filepath.Join(os.TempDir(), "cache")
	}
	return filepath.Join(home, ".cache")
}
