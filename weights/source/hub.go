package source

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// The Hub's response headers (huggingface_hub constants.py).
const (
	headerRepoCommit  = "X-Repo-Commit"
	headerLinkedEtag  = "X-Linked-Etag"
	headerLinkedSize  = "X-Linked-Size"
	headerErrorCode   = "X-Error-Code"
	headerErrorMsg    = "X-Error-Message"
	defaultHubAddress = "https://huggingface.co"
)

var (
	commitRE = regexp.MustCompile(`^[0-9a-f]{40}$`)
	sha256RE = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// hubStore is a Hub model repository at a revision, cached in
// huggingface_hub's layout under o.HubCache.
type hubStore struct {
	o        *Options
	repo     string // ORG/NAME
	revision string // as asked for
	commit   string // the commit the revision resolved to, once known
	folder   string // HubCache/models--ORG--NAME
}

func newHubStore(l Location, o *Options) *hubStore {
	return &hubStore{o: o, repo: l.Repo, revision: l.Revision,
		folder: filepath.Join(o.HubCache, "models--"+strings.ReplaceAll(l.Repo, "/", "--"))}
}

func (h *hubStore) dir() string {
	return filepath.Join(h.folder, "snapshots", h.commit)
}

// fileMeta is what a HEAD of a resolve URL tells (huggingface_hub's
// HfFileMetadata).
type fileMeta struct {
	commit, etag string
	size         int64
	location     string // where to GET the bytes: the CDN for LFS files
}

// get returns snapshots/COMMIT/name, downloading its blob if needed. The
// first file pins the revision's commit: every later file is asked for at
// that commit, so the files are of one snapshot.
func (h *hubStore) get(ctx context.Context, name string) (string, error) {
	if h.o.Offline {
		return h.cached(name, errors.New("HF_HUB_OFFLINE is set"))
	}
	meta, err := h.head(ctx, name)
	if err != nil {
		var ne *netError
		if errors.As(err, &ne) {
			// As huggingface_hub: without a connection, the cache.
			return h.cached(name, err)
		}
		return "", err
	}
	h.pin(meta.commit)
	pointer := filepath.Join(h.folder, "snapshots", meta.commit, filepath.FromSlash(name))
	if _, err := os.Stat(pointer); err == nil {
		return pointer, nil
	}
	blob := filepath.Join(h.folder, "blobs", meta.etag)
	if _, err := os.Stat(blob); err != nil {
		f := h.remote(name, meta)
		lock := filepath.Join(h.o.HubCache, ".locks", filepath.Base(h.folder), meta.etag+".lock")
		if err := h.o.download(ctx, f, blob, blob+".incomplete", lock); err != nil {
			return "", err
		}
	}
	if err := symlinkBlob(blob, pointer); err != nil {
		return "", err
	}
	return pointer, nil
}

// pin records the commit the revision resolved to, and refs/REVISION
// when the revision is a branch or tag.
func (h *hubStore) pin(commit string) {
	if h.commit == "" {
		h.commit = commit
	}
	if h.revision != commit {
		ref := filepath.Join(h.folder, "refs", filepath.FromSlash(h.revision))
		if b, err := os.ReadFile(ref); err != nil || string(b) != commit {
			os.MkdirAll(filepath.Dir(ref), 0o755)
			os.WriteFile(ref, []byte(commit), 0o644)
		}
	}
}

// cached returns the file from the cache alone (huggingface_hub's
// try_to_load_from_cache): the revision is a commit or has a ref; a file
// recorded in .no_exist is fs.ErrNotExist; else errNotCached, with why
// the network was not used.
func (h *hubStore) cached(name string, why error) (string, error) {
	commit := h.commit
	if commit == "" {
		if commitRE.MatchString(h.revision) {
			commit = h.revision
		} else if b, err := os.ReadFile(filepath.Join(h.folder, "refs", filepath.FromSlash(h.revision))); err == nil {
			commit = strings.TrimSpace(string(b))
		}
	}
	if commit == "" {
		return "", fmt.Errorf("%s: revision %s of %s is %w at %s (%v)", name, h.revision, h.repo, errNotCached, h.o.HubCache, why)
	}
	rel := filepath.FromSlash(name)
	if _, err := os.Stat(filepath.Join(h.folder, ".no_exist", commit, rel)); err == nil {
		return "", fmt.Errorf("%s: no such file in %s at %s: %w", name, h.repo, commit, fs.ErrNotExist)
	}
	p := filepath.Join(h.folder, "snapshots", commit, rel)
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("%s: %w at %s (commit %s; %v)", name, errNotCached, h.o.HubCache, commit, why)
	}
	h.commit = commit
	return p, nil
}

// resolveURL is ENDPOINT/ORG/NAME/resolve/REVISION/FILE (huggingface_hub's
// hf_hub_url: the revision escaped whole, the file path by element).
func (h *hubStore) resolveURL(name string) string {
	rev := h.revision
	if h.commit != "" {
		rev = h.commit
	}
	return h.o.Endpoint + "/" + h.repo + "/resolve/" + url.PathEscape(rev) + "/" + (&url.URL{Path: name}).EscapedPath()
}

// netError is a request that reached no server.
type netError struct{ err error }

func (e *netError) Error() string { return e.err.Error() }
func (e *netError) Unwrap() error { return e.err }

// head asks the Hub for name's metadata: a HEAD following only relative
// redirects (a renamed repository), not the one to the CDN.
func (h *hubStore) head(ctx context.Context, name string) (*fileMeta, error) {
	u := h.resolveURL(name)
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, u, nil)
	if err != nil {
		return nil, err
	}
	h.auth(req)
	req.Header.Set("Accept-Encoding", "identity")
	c := *h.o.HTTPClient
	c.CheckRedirect = func(r *http.Request, via []*http.Request) error {
		if r.URL.Host != via[0].URL.Host || len(via) > 10 {
			return http.ErrUseLastResponse
		}
		return nil
	}
	resp, err := c.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) && ctx.Err() == nil {
			var op *net.OpError
			if errors.As(err, &op) || errors.Is(err, io.EOF) {
				return nil, &netError{fmt.Errorf("%s: cannot reach %s: %w", name, h.o.Endpoint, err)}
			}
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	resp.Body.Close()
	if resp.StatusCode >= 400 {
		return nil, h.statusError(name, resp)
	}
	m := &fileMeta{
		commit:   resp.Header.Get(headerRepoCommit),
		etag:     normalizeEtag(cmpOr(resp.Header.Get(headerLinkedEtag), resp.Header.Get("ETag"))),
		location: resp.Request.URL.String(),
		size:     -1,
	}
	if loc := resp.Header.Get("Location"); loc != "" && resp.StatusCode >= 300 && resp.StatusCode < 400 {
		l, err := resp.Request.URL.Parse(loc)
		if err != nil {
			return nil, fmt.Errorf("%s: bad redirect %q: %v", name, loc, err)
		}
		m.location = l.String()
	}
	if s := cmpOr(resp.Header.Get(headerLinkedSize), resp.Header.Get("Content-Length")); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil && n >= 0 {
			m.size = n
		}
	}
	switch {
	case m.commit == "":
		return nil, fmt.Errorf("%s: %s does not answer as the Hub does (no %s header)", name, h.o.Endpoint, headerRepoCommit)
	case !commitRE.MatchString(m.commit):
		return nil, fmt.Errorf("%s: the Hub gave a malformed commit %q", name, m.commit)
	case m.etag == "" || strings.ContainsAny(m.etag, `/\`) || m.etag == "." || m.etag == "..":
		return nil, fmt.Errorf("%s: the Hub gave no usable ETag (%q)", name, m.etag)
	}
	return m, nil
}

// auth adds the bearer token to requests to the Hub itself.
func (h *hubStore) auth(req *http.Request) {
	if h.o.Token != "" {
		req.Header.Set("Authorization", "Bearer "+h.o.Token)
	}
}

// statusError turns a Hub error response into one clear error (the
// X-Error-Code values of huggingface_hub's hf_raise_for_status). A missing
// file is recorded in .no_exist, as huggingface_hub does, and wraps
// fs.ErrNotExist.
func (h *hubStore) statusError(name string, resp *http.Response) error {
	code := resp.Header.Get(headerErrorCode)
	msg := resp.Header.Get(headerErrorMsg)
	if msg != "" {
		msg = " (" + msg + ")"
	}
	token := "set HF_TOKEN to a token with access"
	if h.o.Token != "" {
		token = "the token in HF_TOKEN has no access"
	}
	switch {
	case code == "EntryNotFound" || resp.StatusCode == http.StatusNotFound && code == "":
		if c := resp.Header.Get(headerRepoCommit); commitRE.MatchString(c) {
			h.pin(c)
			p := filepath.Join(h.folder, ".no_exist", c, filepath.FromSlash(name))
			if os.MkdirAll(filepath.Dir(p), 0o755) == nil {
				os.WriteFile(p, nil, 0o644)
			}
		}
		return fmt.Errorf("%s: no such file in %s at revision %s: %w", name, h.repo, h.revision, fs.ErrNotExist)
	case code == "RevisionNotFound":
		return fmt.Errorf("revision %q does not exist in %s%s", h.revision, h.repo, msg)
	case code == "RepoNotFound":
		return fmt.Errorf("repository %s not found at %s (HTTP %d; if it is private or gated, %s)%s", h.repo, h.o.Endpoint, resp.StatusCode, token, msg)
	case code == "GatedRepo":
		return fmt.Errorf("%s is a gated repository: accept its conditions on the Hub and %s (HTTP %d)%s", h.repo, token, resp.StatusCode, msg)
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		return fmt.Errorf("%s: access to %s refused (HTTP %d; %s)%s", name, h.repo, resp.StatusCode, token, msg)
	}
	return fmt.Errorf("%s: %s answered HTTP %d%s", name, h.o.Endpoint, resp.StatusCode, msg)
}

// remote describes the download of name: the checksum its ETag is (the
// sha256 of an LFS file, else the git blob id), and ranged GETs of its
// location, with the token only when the location is the Hub itself.
func (h *hubStore) remote(name string, m *fileMeta) remoteFile {
	sum := checksum{}
	switch {
	case sha256RE.MatchString(m.etag):
		sum = checksum{"sha256", m.etag}
	case commitRE.MatchString(m.etag):
		sum = checksum{"git-sha1", m.etag}
	}
	sameHost := strings.HasPrefix(m.location, h.o.Endpoint+"/")
	return remoteFile{
		loc: "hf://" + h.repo + "/" + name, name: path.Base(name), size: m.size, sum: sum,
		read: func(ctx context.Context, off, end int64) (io.ReadCloser, bool, error) {
			return httpRange(ctx, h.o.HTTPClient, m.location, off, end, func(r *http.Request) {
				if sameHost {
					h.auth(r)
				}
			})
		},
	}
}

// normalizeEtag strips a weak validator's W/ and the quotes
// (huggingface_hub's _normalize_etag).
func normalizeEtag(e string) string {
	return strings.Trim(strings.TrimPrefix(strings.TrimSpace(e), "W/"), `"`)
}

// symlinkBlob makes pointer a relative symlink to blob
// (huggingface_hub's _create_symlink).
func symlinkBlob(blob, pointer string) error {
	if err := os.MkdirAll(filepath.Dir(pointer), 0o755); err != nil {
		return err
	}
	rel, err := filepath.Rel(filepath.Dir(pointer), blob)
	if err != nil {
		rel = blob
	}
	os.Remove(pointer)
	if err := os.Symlink(rel, pointer); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return nil
}
