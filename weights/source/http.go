package source

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// httpRange GETs bytes [off, end) of u (end -1: to the end). whole is
// true when the server answered 200 with the whole file instead of 206.
// Errors name the status.
func httpRange(ctx context.Context, c *http.Client, u string, off, end int64, prepare func(*http.Request)) (io.ReadCloser, bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, false, err
	}
	req.Header.Set("Accept-Encoding", "identity")
	if off > 0 || end >= 0 {
		r := "bytes=" + strconv.FormatInt(off, 10) + "-"
		if end >= 0 {
			r += strconv.FormatInt(end-1, 10)
		}
		req.Header.Set("Range", r)
	}
	if prepare != nil {
		prepare(req)
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, false, err
	}
	switch resp.StatusCode {
	case http.StatusPartialContent:
		return resp.Body, false, nil
	case http.StatusOK:
		return resp.Body, true, nil
	}
	resp.Body.Close()
	return nil, false, fmt.Errorf("GET %s: HTTP %d", redact(u), resp.StatusCode)
}

// redact drops a URL's query (a CDN's signature).
func redact(u string) string {
	s, _, _ := strings.Cut(u, "?")
	return s
}

// httpStore is a folder served over HTTP(S), cached under
// o.Cache/SCHEME/HOST/PATH.
type httpStore struct {
	o    *Options
	base string // SCHEME://HOST/
	root string // the cache folder for HOST
	loc  Location
}

func newHTTPStore(l Location, o *Options) *httpStore {
	return &httpStore{o: o, base: l.Scheme + "://" + l.Host + "/", loc: l,
		root: filepath.Join(o.Cache, l.Scheme, safeHost(l.Host))}
}

// safeHost turns host[:port] into a folder name.
func safeHost(h string) string { return strings.NewReplacer(":", "_", "/", "_").Replace(h) }

func (s *httpStore) dir() string { return s.root }

// cacheMeta is what is recorded beside an S3 or HTTP file in the cache:
// the server's validators, to tell whether the file changed.
type cacheMeta struct {
	ETag         string `json:"etag"`
	Size         int64  `json:"size"`
	LastModified string `json:"last_modified,omitempty"`
}

// cachePaths are where a file of the S3/HTTP cache lives: the complete
// file at the path mirroring the location, its metadata, its partial
// download (named by a hash of the validators, so a changed file never
// resumes an old part) and its lock.
func cachePaths(cache, root, name string, m cacheMeta) (file, meta, part, lock string) {
	file = filepath.Join(root, filepath.FromSlash(name))
	rel, _ := filepath.Rel(cache, file)
	h := sha256.Sum256(fmt.Appendf(nil, "%s\x00%s\x00%d", m.ETag, m.LastModified, m.Size))
	meta = filepath.Join(cache, ".meta", rel+".json")
	part = filepath.Join(cache, ".partial", rel) + "." + hex.EncodeToString(h[:8]) + ".incomplete"
	lock = filepath.Join(cache, ".partial", rel) + ".lock"
	return
}

// reuse returns file when it is complete and its metadata matches want.
func reuse(file, meta string, want cacheMeta) bool {
	b, err := os.ReadFile(meta)
	if err != nil {
		return false
	}
	var got cacheMeta
	if json.Unmarshal(b, &got) != nil || got != want {
		return false
	}
	fi, err := os.Stat(file)
	return err == nil && fi.Size() == want.Size
}

// fetchCached downloads f into the S3/HTTP cache unless a file with the
// same metadata is there (and reusable, when the server gave validators),
// and records the metadata.
func (o *Options) fetchCached(ctx context.Context, f remoteFile, root, name string, want cacheMeta, reusable bool) (string, error) {
	file, meta, part, lock := cachePaths(o.Cache, root, name, want)
	if reusable && reuse(file, meta, want) {
		return file, nil
	}
	// A stale file or meta from an older version goes first, and any
	// partial download of another version with it.
	os.Remove(meta)
	os.Remove(file)
	olds, _ := filepath.Glob(part[:len(part)-len("0123456789abcdef.incomplete")] + "*.incomplete")
	for _, p := range olds {
		if p != part || !reusable { // without validators, a part may be of another version
			os.Remove(p)
		}
	}
	if err := o.download(ctx, f, file, part, lock); err != nil {
		return "", err
	}
	b, _ := json.Marshal(want)
	if err := os.MkdirAll(filepath.Dir(meta), 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(meta+".tmp", b, 0o644); err != nil {
		return "", err
	}
	return file, os.Rename(meta+".tmp", meta)
}

func (s *httpStore) get(ctx context.Context, name string) (string, error) {
	u := s.base + (&url.URL{Path: name}).EscapedPath()
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, u, nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("Accept-Encoding", "identity")
	resp, err := s.o.HTTPClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return "", fmt.Errorf("%s: %s: HTTP %d: %w", name, u, resp.StatusCode, fs.ErrNotExist)
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		return "", fmt.Errorf("%s: %s: access refused (HTTP %d)", name, u, resp.StatusCode)
	case resp.StatusCode != http.StatusOK:
		return "", fmt.Errorf("%s: %s: HTTP %d", name, u, resp.StatusCode)
	}
	final := resp.Request.URL.String()
	want := cacheMeta{ETag: resp.Header.Get("ETag"), Size: resp.ContentLength, LastModified: resp.Header.Get("Last-Modified")}
	size := resp.ContentLength
	if resp.Header.Get("Accept-Ranges") != "bytes" {
		size = -1 // one stream
	}
	f := remoteFile{loc: u, name: path.Base(name), size: size, sum: digestOf(resp.Header),
		read: func(ctx context.Context, off, end int64) (io.ReadCloser, bool, error) {
			return httpRange(ctx, s.o.HTTPClient, final, off, end, nil)
		}}
	// Without validators the cache cannot tell a changed file: it is
	// fetched again every time.
	reusable := want.ETag != "" || want.LastModified != ""
	return s.o.fetchCached(ctx, f, s.root, name, want, reusable)
}

// digestOf returns the sha256 an HTTP response gives for its content:
// Repr-Digest (RFC 9530, sha-256=:BASE64:) or Digest (RFC 3230,
// SHA-256=BASE64).
func digestOf(h http.Header) checksum {
	for _, v := range []string{h.Get("Repr-Digest"), h.Get("Digest")} {
		for _, item := range strings.Split(v, ",") {
			k, val, ok := strings.Cut(strings.TrimSpace(item), "=")
			if !ok || !strings.EqualFold(k, "sha-256") {
				continue
			}
			b, err := base64.StdEncoding.DecodeString(strings.Trim(val, ":"))
			if err == nil && len(b) == sha256.Size {
				return checksum{"sha256", hex.EncodeToString(b)}
			}
		}
	}
	return checksum{}
}
