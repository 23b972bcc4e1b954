package weightstest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// SeaweedFSVersion is the SeaweedFS release scripts/setup.sh builds (from
// the Go module proxy; its go.mod has a replace directive, so it is built
// from the module's folder rather than with go install).
const SeaweedFSVersion = "v0.0.0-20261109003541-7506e5f91cd6"

// The S3 identities of the test server: Admin may do anything, Reader
// only read the bucket "models".
const (
	AdminKey, AdminSecret   = "zmlc-admin", "zmlc-admin-secret-key"
	ReaderKey, ReaderSecret = "zmlc-reader", "zmlc-reader-secret-key"
)

// WeedBinary returns the SeaweedFS binary: $ZMLC_SEAWEEDFS, else the one
// scripts/setup.sh builds into ${XDG_CACHE_HOME:-~/.cache}/zmlc/seaweedfs/
// VERSION/weed. When it is missing the test fails under CI=true and is
// skipped elsewhere, saying how to get it.
func WeedBinary(t testing.TB) string {
	t.Helper()
	p := os.Getenv("ZMLC_SEAWEEDFS")
	if p == "" {
		cache := os.Getenv("XDG_CACHE_HOME")
		if cache == "" {
			home, _ := os.UserHomeDir()
			cache = filepath.Join(home, ".cache")
		}
		p = filepath.Join(cache, "zmlc", "seaweedfs", SeaweedFSVersion, "weed")
	}
	if _, err := os.Stat(p); err != nil {
		msg := fmt.Sprintf("the SeaweedFS S3 server is missing (%v): run scripts/setup.sh, or set ZMLC_SEAWEEDFS", err)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return p
}

// S3Server is a SeaweedFS server (master, volume, filer and S3 gateway)
// on loopback, with the identities above.
type S3Server struct {
	Endpoint string // http://127.0.0.1:PORT
	Admin    *minio.Client
}

func freePorts(t testing.TB, n int) []int {
	t.Helper()
	var ports []int
	var ls []net.Listener
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

// StartS3 starts SeaweedFS on loopback ports for the test (stopped at its
// end), with telemetry off and every listener bound to 127.0.0.1, and
// waits until its S3 gateway answers.
func StartS3(t testing.TB) *S3Server {
	t.Helper()
	bin := WeedBinary(t)
	dir := t.TempDir()
	cfg := fmt.Sprintf(`{"identities": [
  {"name": "admin", "credentials": [{"accessKey": %q, "secretKey": %q}], "actions": ["Admin", "Read", "List", "Tagging", "Write"]},
  {"name": "reader", "credentials": [{"accessKey": %q, "secretKey": %q}], "actions": ["Read:models", "List:models"]}
]}`, AdminKey, AdminSecret, ReaderKey, ReaderSecret)
	if err := os.WriteFile(filepath.Join(dir, "s3.json"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	p := freePorts(t, 9)
	args := []string{"server", "-ip=127.0.0.1", "-ip.bind=127.0.0.1", "-dir=" + dir,
		"-master.port=" + strconv.Itoa(p[0]), "-master.port.grpc=" + strconv.Itoa(p[1]),
		"-master.telemetry=false", "-master.telemetry.url=http://127.0.0.1:9/", "-master.volumeSizeLimitMB=64",
		"-volume.port=" + strconv.Itoa(p[2]), "-volume.port.grpc=" + strconv.Itoa(p[3]), "-volume.max=8",
		"-filer", "-filer.port=" + strconv.Itoa(p[4]), "-filer.port.grpc=" + strconv.Itoa(p[5]),
		"-filer.localSocket=" + filepath.Join(dir, "filer.sock"),
		"-s3", "-s3.port=" + strconv.Itoa(p[6]), "-s3.port.grpc=" + strconv.Itoa(p[7]),
		"-s3.port.iceberg=0", "-s3.port.lance=0", "-s3.config=" + filepath.Join(dir, "s3.json"),
		"-s3.localSocket=" + filepath.Join(dir, "s3.sock")}
	log, err := os.Create(filepath.Join(dir, "weed.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		log.Close()
	})
	s := &S3Server{Endpoint: "http://127.0.0.1:" + strconv.Itoa(p[6])}
	s.Admin, err = minio.New("127.0.0.1:"+strconv.Itoa(p[6]), &minio.Options{Creds: credentials.NewStaticV4(AdminKey, AdminSecret, ""), BucketLookup: minio.BucketLookupPath})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(90 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err := s.Admin.ListBuckets(ctx)
		cancel()
		if err == nil {
			break
		}
		select {
		case <-done:
			b, _ := os.ReadFile(filepath.Join(dir, "weed.log"))
			t.Fatalf("SeaweedFS exited: %v\n%s", err, tail(b))
		default:
		}
		if time.Now().After(deadline) {
			b, _ := os.ReadFile(filepath.Join(dir, "weed.log"))
			t.Fatalf("SeaweedFS's S3 gateway did not answer in 90 s: %v\n%s", err, tail(b))
		}
		time.Sleep(300 * time.Millisecond)
	}
	return s
}

func tail(b []byte) []byte {
	if len(b) > 4000 {
		return b[len(b)-4000:]
	}
	return b
}

// Put creates bucket (if needed) and uploads data as key, in one part
// (so that its ETag is its MD5).
func (s *S3Server) Put(t testing.TB, bucket, key string, data []byte) {
	t.Helper()
	ctx := context.Background()
	if ok, err := s.Admin.BucketExists(ctx, bucket); err != nil {
		t.Fatal(err)
	} else if !ok {
		if err := s.Admin.MakeBucket(ctx, bucket, minio.MakeBucketOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Admin.PutObject(ctx, bucket, key, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{DisableMultipart: true}); err != nil {
		t.Fatalf("put s3://%s/%s: %v", bucket, key, err)
	}
}

// PutDir uploads every file of dir under prefix.
func (s *S3Server) PutDir(t testing.TB, bucket, prefix, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		s.Put(t, bucket, prefix+e.Name(), b)
	}
}

// Proxy is a loopback reverse proxy in front of a server: it counts the
// ranged GETs and how many were in flight at once, and can cut an
// answer short, as a network failing mid-stream does.
type Proxy struct {
	URL         string
	ranged      atomic.Int64
	inFlight    atomic.Int64
	maxInFlight atomic.Int64
	mu          sync.Mutex
	cutAfter    int64 // the next GET's body stops after this many bytes (-1: none)
	flip        bool  // the next GET's body has its first byte flipped
}

// NewProxy starts a Proxy to target (an http URL), closed at the end of
// the test. The Host header passes unchanged, so S3 signatures made for
// the proxy's address stay valid.
func NewProxy(t testing.TB, target string) *Proxy {
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{cutAfter: -1}
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.ModifyResponse = func(r *http.Response) error {
		p.mu.Lock()
		defer p.mu.Unlock()
		if r.Request.Method != http.MethodGet || r.StatusCode/100 != 2 {
			return nil
		}
		if n := p.cutAfter; n >= 0 {
			p.cutAfter = -1
			r.Body = &cutBody{r.Body, n}
		}
		if p.flip {
			p.flip = false
			r.Body = &flipBody{ReadCloser: r.Body}
		}
		return nil
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && r.Header.Get("Range") != "" {
			p.ranged.Add(1)
		}
		n := p.inFlight.Add(1)
		for {
			m := p.maxInFlight.Load()
			if n <= m || p.maxInFlight.CompareAndSwap(m, n) {
				break
			}
		}
		defer p.inFlight.Add(-1)
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

// Stats returns the ranged GETs seen and the most requests in flight at
// once, and resets both.
func (p *Proxy) Stats() (ranged, maxInFlight int64) {
	return p.ranged.Swap(0), p.maxInFlight.Swap(0)
}

// CutNextGet makes the next successful GET's body stop after n bytes.
func (p *Proxy) CutNextGet(n int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cutAfter = n
}

// FlipNextGet makes the next successful GET's body arrive with its first
// byte flipped, as a corrupting network would.
func (p *Proxy) FlipNextGet() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.flip = true
}

type flipBody struct {
	io.ReadCloser
	done bool
}

func (f *flipBody) Read(b []byte) (int, error) {
	n, err := f.ReadCloser.Read(b)
	if n > 0 && !f.done {
		b[0] ^= 0x40
		f.done = true
	}
	return n, err
}

type cutBody struct {
	io.ReadCloser
	left int64
}

func (c *cutBody) Read(b []byte) (int, error) {
	if c.left <= 0 {
		return 0, errors.New("fixture: connection cut")
	}
	if int64(len(b)) > c.left {
		b = b[:c.left]
	}
	n, err := c.ReadCloser.Read(b)
	c.left -= int64(n)
	return n, err
}
