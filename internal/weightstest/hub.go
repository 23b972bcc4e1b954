package weightstest

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"strings"
	"sync"
	"testing"
	"time"
)

// HubRepo is a model repository served by Hub.
type HubRepo struct {
	// Commits maps a 40-hex commit id to the repository's files at it
	// (slash paths → content).
	Commits map[string]map[string][]byte
	// Refs maps a branch or tag to its commit.
	Refs map[string]string
	// Token, if set, makes the repository gated: requests without
	// "Authorization: Bearer TOKEN" are refused with 403 GatedRepo.
	Token string
}

// HubRequest is one request a Hub fixture received.
type HubRequest struct {
	Server string // "hub" or "cdn"
	Method string
	Path   string
	Range  string // the Range header
	Auth   string // the Authorization header
}

// Hub is a loopback server speaking the Hugging Face Hub's file protocol,
// as huggingface_hub's file_download.py reads it: HEAD and GET of
// /ORG/NAME/resolve/REVISION/FILE answer with X-Repo-Commit; a file
// stored with LFS (.safetensors, .gguf, .bin) answers 302 to a second
// loopback server (the CDN) with X-Linked-Etag (its sha256) and
// X-Linked-Size, any other file 200 with its git blob id as ETag; errors
// carry X-Error-Code (RepoNotFound 401, RevisionNotFound 404,
// EntryNotFound 404 with X-Repo-Commit, GatedRepo 403). A renamed
// repository answers 307 with a relative Location. The CDN serves byte
// ranges.
type Hub struct {
	URL string // the Hub's endpoint (HF_ENDPOINT)
	hub *httptest.Server
	cdn *httptest.Server

	mu      sync.Mutex
	repos   map[string]*HubRepo
	renamed map[string]string
	blobs   map[string][]byte // sha256 → content, served by the CDN
	cut     map[string]int64  // sha256 → the next GET covering this byte stops before it
	corrupt map[string]bool   // sha256 → GETs flip its middle byte
	log     []HubRequest
}

// NewHub starts a Hub fixture and its CDN on loopback, closed at the end
// of the test.
func NewHub(t testing.TB) *Hub {
	h := &Hub{repos: map[string]*HubRepo{}, renamed: map[string]string{}, blobs: map[string][]byte{},
		cut: map[string]int64{}, corrupt: map[string]bool{}}
	h.cdn = httptest.NewServer(http.HandlerFunc(h.serveCDN))
	h.hub = httptest.NewServer(http.HandlerFunc(h.serveHub))
	h.URL = h.hub.URL
	t.Cleanup(h.Close)
	return h
}

// Close stops both servers (a test of the offline cache closes them
// early).
func (h *Hub) Close() {
	h.hub.Close()
	h.cdn.Close()
}

// AddRepo serves repo ("ORG/NAME").
func (h *Hub) AddRepo(repo string, r *HubRepo) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.repos[repo] = r
	for _, files := range r.Commits {
		for name, data := range files {
			if isLFS(name) {
				s := sha256.Sum256(data)
				h.blobs[hex.EncodeToString(s[:])] = data
			}
		}
	}
}

// Rename makes old redirect to repo, as the Hub does for a renamed
// repository.
func (h *Hub) Rename(old, repo string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.renamed[old] = repo
}

// CutAt makes the CDN's next GET of the file whose sha256 is sum that
// covers byte off stop before that byte (the connection is closed
// mid-body, short of its Content-Length).
func (h *Hub) CutAt(sum string, off int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.cut[sum] = off
}

// SetCorrupt makes the CDN send the file whose sha256 is sum with its
// middle byte flipped (on) or right (off).
func (h *Hub) SetCorrupt(sum string, on bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.corrupt[sum] = on
}

// Requests returns the requests received so far, and forgets them.
func (h *Hub) Requests() []HubRequest {
	h.mu.Lock()
	defer h.mu.Unlock()
	l := h.log
	h.log = nil
	return l
}

// SHA256 returns the hex sha256 of data (the ETag of an LFS file).
func SHA256(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// GitBlobID returns git's blob id of data (the ETag of a non-LFS file).
func GitBlobID(data []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(data))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

func isLFS(name string) bool {
	for _, ext := range []string{".safetensors", ".gguf", ".bin"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

func (h *Hub) record(server string, r *http.Request) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.log = append(h.log, HubRequest{server, r.Method, r.URL.Path, r.Header.Get("Range"), r.Header.Get("Authorization")})
}

func hubError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("X-Error-Code", code)
	w.Header().Set("X-Error-Message", msg)
	http.Error(w, msg, status)
}

func (h *Hub) serveHub(w http.ResponseWriter, r *http.Request) {
	h.record("hub", r)
	// /ORG/NAME/resolve/REVISION/FILE...
	parts := strings.SplitN(strings.TrimPrefix(r.URL.EscapedPath(), "/"), "/", 5)
	if len(parts) < 5 || parts[2] != "resolve" || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		http.NotFound(w, r)
		return
	}
	repoID := parts[0] + "/" + parts[1]
	rev, err1 := url.PathUnescape(parts[3])
	file, err2 := url.PathUnescape(parts[4])
	if err1 != nil || err2 != nil {
		http.Error(w, "bad path", http.StatusBadRequest)
		return
	}
	h.mu.Lock()
	repo, ok := h.repos[repoID]
	newID, renamed := h.renamed[repoID]
	h.mu.Unlock()
	if renamed {
		w.Header().Set("Location", "/"+newID+"/resolve/"+parts[3]+"/"+parts[4])
		w.WriteHeader(http.StatusTemporaryRedirect)
		return
	}
	if !ok {
		hubError(w, http.StatusUnauthorized, "RepoNotFound", "Repository not found")
		return
	}
	if repo.Token != "" && r.Header.Get("Authorization") != "Bearer "+repo.Token {
		hubError(w, http.StatusForbidden, "GatedRepo", "Access to model "+repoID+" is restricted.")
		return
	}
	commit := rev
	if c, ok := repo.Refs[rev]; ok {
		commit = c
	}
	files, ok := repo.Commits[commit]
	if !ok {
		hubError(w, http.StatusNotFound, "RevisionNotFound", "Invalid rev id: "+rev)
		return
	}
	w.Header().Set("X-Repo-Commit", commit)
	data, ok := files[file]
	if !ok {
		hubError(w, http.StatusNotFound, "EntryNotFound", "Entry not found")
		return
	}
	if isLFS(file) {
		sum := SHA256(data)
		w.Header().Set("X-Linked-Etag", `"`+sum+`"`)
		w.Header().Set("X-Linked-Size", fmt.Sprint(len(data)))
		w.Header().Set("ETag", `"`+GitBlobID([]byte("version https://git-lfs.github.com/spec/v1\noid sha256:"+sum))+`"`)
		w.Header().Set("Location", h.cdn.URL+"/blobs/"+sum+"?X-Amz-Signature=fixture")
		w.WriteHeader(http.StatusFound)
		return
	}
	w.Header().Set("ETag", `"`+GitBlobID(data)+`"`)
	http.ServeContent(w, r, path.Base(file), time.Time{}, bytes.NewReader(data))
}

func (h *Hub) serveCDN(w http.ResponseWriter, r *http.Request) {
	h.record("cdn", r)
	sum := strings.TrimPrefix(r.URL.Path, "/blobs/")
	h.mu.Lock()
	data, ok := h.blobs[sum]
	cut, isCut := h.cut[sum]
	corrupt := h.corrupt[sum]
	if isCut {
		start, end := rangeOf(r.Header.Get("Range"), int64(len(data)))
		isCut = r.Method == http.MethodGet && start <= cut && cut < end
		cut -= start
		if isCut {
			delete(h.cut, sum)
		}
	}
	h.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	if corrupt {
		data = bytes.Clone(data)
		data[len(data)/2] ^= 0x40
	}
	var rs io.ReadSeeker = bytes.NewReader(data)
	if isCut {
		rs = &cutReader{ReadSeeker: rs, left: cut}
	}
	http.ServeContent(w, r, "", time.Time{}, rs)
}

// rangeOf returns the bytes [start, end) a "bytes=S-[E]" Range header
// asks of a file of size bytes (the whole file for any other).
func rangeOf(h string, size int64) (int64, int64) {
	var s, e int64
	if n, _ := fmt.Sscanf(h, "bytes=%d-%d", &s, &e); n == 2 {
		return s, min(e+1, size)
	} else if n == 1 {
		return s, size
	}
	return 0, size
}

// cutReader ends a response early: after left bytes of the body its
// reads fail, and the server closes the connection short of the
// Content-Length it announced.
type cutReader struct {
	io.ReadSeeker
	left int64
}

func (c *cutReader) Seek(off int64, whence int) (int64, error) {
	return c.ReadSeeker.Seek(off, whence)
}

func (c *cutReader) Read(b []byte) (int, error) {
	if c.left <= 0 {
		return 0, fmt.Errorf("fixture: connection cut")
	}
	if int64(len(b)) > c.left {
		b = b[:c.left]
	}
	n, err := c.ReadSeeker.Read(b)
	c.left -= int64(n)
	return n, err
}
