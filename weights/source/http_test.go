package source_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zmlc/zmlc/internal/weightstest"
	"github.com/zmlc/zmlc/weights/source"
)

// TestHTTPCache downloads a file over HTTP (Go's file server: ranges,
// Last-Modified), then reuses the cached copy while the server's
// validators are unchanged, and downloads again when the file changes.
func TestHTTPCache(t *testing.T) {
	web := t.TempDir()
	data, err := os.ReadFile(weightstest.FindRepoFile(t, "examples/mnist/mlp.safetensors"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(web, "mlp.safetensors")
	os.WriteFile(p, data, 0o644)
	var gets atomic.Int64
	fsrv := http.FileServer(http.Dir(web))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			gets.Add(1)
		}
		fsrv.ServeHTTP(w, r)
	}))
	defer srv.Close()
	var bar bytes.Buffer
	o := &source.Options{Cache: t.TempDir(), Progress: 1, Stderr: &bar, PartSize: 32 << 10, Parallel: 4}
	loc := srv.URL + "/mlp.safetensors"
	m, err := source.Open(context.Background(), loc, o)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(bar.String(), "downloading mlp.safetensors") {
		t.Errorf("Progress 1 drew no bar: %q", bar.String())
	}
	o.Progress = -1
	if got, _ := os.ReadFile(m.Files[0]); !bytes.Equal(got, data) {
		t.Fatalf("the cached file differs from the served one")
	}
	if !strings.HasPrefix(m.Files[0], o.Cache) {
		t.Errorf("file %s is not in the cache %s", m.Files[0], o.Cache)
	}
	if n, want := gets.Swap(0), int64((len(data)+(32<<10)-1)/(32<<10)); n != want {
		t.Errorf("%d GETs, want %d parts of 32 KiB", n, want)
	}
	if _, err := source.Open(context.Background(), loc, o); err != nil {
		t.Fatal(err)
	}
	if n := gets.Swap(0); n != 0 {
		t.Errorf("the cached file was downloaded again (%d GETs)", n)
	}
	// The file changes on the server: the cache notices (Last-Modified).
	data2 := bytes.Clone(data)
	data2[len(data2)-1] ^= 1
	os.WriteFile(p, data2, 0o644)
	os.Chtimes(p, time.Now(), time.Now().Add(time.Hour))
	m, err = source.Open(context.Background(), loc, o)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(m.Files[0]); !bytes.Equal(got, data2) {
		t.Errorf("the changed file was not downloaded again")
	}
}

// TestHTTPFailures: a missing file, a 403, a server cutting the
// connection mid-stream (the next Open resumes) and a Repr-Digest that
// does not match the bytes each give one error naming the location, and
// nothing is left in the cache as a complete file.
func TestHTTPFailures(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789abcdef"), 20000) // 320000 bytes
	sum := sha256.Sum256(data)
	var cutOnce atomic.Bool
	cutOnce.Store(true)
	var lastRange atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/secret.safetensors":
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		case "/w.safetensors", "/bad.safetensors":
		default:
			http.NotFound(w, r)
			return
		}
		digest := sum[:]
		if r.URL.Path == "/bad.safetensors" {
			digest = make([]byte, 32)
		}
		w.Header().Set("Repr-Digest", "sha-256=:"+base64.StdEncoding.EncodeToString(digest)+":")
		w.Header().Set("ETag", `"v1"`)
		if r.Method == http.MethodGet {
			lastRange.Store(r.Header.Get("Range"))
		}
		var rs io.ReadSeeker = bytes.NewReader(data)
		if r.Method == http.MethodGet && r.URL.Path == "/w.safetensors" && cutOnce.Swap(false) {
			rs = &cutSeeker{bytes.NewReader(data), 100000}
		}
		http.ServeContent(w, r, "", time.Time{}, rs)
	}))
	defer srv.Close()
	o := &source.Options{Cache: t.TempDir(), Progress: -1, Parallel: 1}
	for _, c := range []struct{ file, want string }{
		{"nope.safetensors", "HTTP 404"},
		{"secret.safetensors", "access refused (HTTP 403)"},
		{"w.safetensors", "download interrupted at byte "},
		{"bad.safetensors", "sha256 of the download is " + weightstest.SHA256(data)},
	} {
		loc := srv.URL + "/" + c.file
		_, err := source.Open(context.Background(), loc, o)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), loc) {
			t.Errorf("%s: err = %v, want one naming it with %q", c.file, err, c.want)
		}
		if c.file == "bad.safetensors" {
			var ce *source.ChecksumError
			if !errors.As(err, &ce) {
				t.Errorf("%s: %T is not a *ChecksumError", c.file, err)
			}
		}
	}
	if ms, _ := filepath.Glob(filepath.Join(o.Cache, "http", "*", "*")); len(ms) != 0 {
		t.Errorf("failed downloads left files in the cache: %v", ms)
	}
	// The cut download resumes from its part: what arrived before the cut.
	parts, _ := filepath.Glob(filepath.Join(o.Cache, ".partial", "http", "*", "w.safetensors.*.incomplete"))
	if len(parts) != 1 {
		t.Fatalf("partial files %v, want one", parts)
	}
	fi, _ := os.Stat(parts[0])
	if fi.Size() <= 0 || fi.Size() > 100000 {
		t.Fatalf("the partial file has %d bytes, want some of the 100000 sent before the cut", fi.Size())
	}
	m, err := source.Open(context.Background(), srv.URL+"/w.safetensors", o)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(m.Files[0]); !bytes.Equal(got, data) {
		t.Errorf("the resumed download differs")
	}
	if r, want := lastRange.Load().(string), "bytes="+strconv.FormatInt(fi.Size(), 10)+"-"; !strings.HasPrefix(r, want) {
		t.Errorf("the resumed download asked for %q, want %s...", r, want)
	}
	if _, err := os.Stat(parts[0]); err == nil {
		t.Errorf("the partial file is left after the download completed")
	}
}

// cutSeeker fails its reads after left bytes.
type cutSeeker struct {
	*bytes.Reader
	left int64
}

func (c *cutSeeker) Read(b []byte) (int, error) {
	if c.left <= 0 {
		return 0, errors.New("cut")
	}
	if int64(len(b)) > c.left {
		b = b[:c.left]
	}
	n, err := c.Reader.Read(b)
	c.left -= int64(n)
	return n, err
}
