package source_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/weightstest"
	"github.com/zmlc/zmlc/weights/source"
)

// TestS3 runs against a real S3-compatible store, SeaweedFS, on loopback
// (built by scripts/setup.sh; the test fails under CI=true without it
// and is skipped elsewhere), through a loopback proxy that counts ranged
// GETs and can cut or corrupt an answer.
func TestS3(t *testing.T) {
	s := weightstest.StartS3(t)
	proxy := weightstest.NewProxy(t, s.Endpoint)
	t.Setenv("AWS_ACCESS_KEY_ID", weightstest.AdminKey)
	t.Setenv("AWS_SECRET_ACCESS_KEY", weightstest.AdminSecret)
	t.Setenv("AWS_SESSION_TOKEN", "")
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", filepath.Join(t.TempDir(), "none"))
	t.Setenv("AWS_REGION", "us-east-1")

	folder, single := storiesFolder(t)
	s.PutDir(t, "models", "stories/", folder)
	mnistFile := weightstest.FindRepoFile(t, "examples/mnist/mlp.safetensors")
	mnist, _ := os.ReadFile(mnistFile)
	s.Put(t, "models", "mnist/model.safetensors", mnist)
	s.Put(t, "private", "x.safetensors", mnist)
	opts := func() *source.Options {
		return &source.Options{S3Endpoint: proxy.URL, Cache: t.TempDir(), Progress: -1, PartSize: 64 << 10, Parallel: 4}
	}

	t.Run("sharded", func(t *testing.T) {
		o := opts()
		m, err := source.Open(context.Background(), "s3://models/stories/", o)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Files) != 3 || m.Index == "" {
			t.Fatalf("model %+v, want 3 shards and the index", m)
		}
		want := map[string][]byte{}
		var shardBytes int64
		for _, f := range m.Files {
			b, _ := os.ReadFile(filepath.Join(folder, filepath.Base(f)))
			want[filepath.Base(f)] = b
			shardBytes += int64(len(b))
		}
		checkFiles(t, m.Dir, want)
		ranged, inFlight := proxy.Stats()
		if parts := shardBytes / (64 << 10); ranged < parts {
			t.Errorf("%d ranged GETs for %d bytes of shards, want at least %d (64 KiB parts)", ranged, shardBytes, parts)
		}
		if inFlight < 2 {
			t.Errorf("at most %d requests in flight, want parts fetched in parallel", inFlight)
		}
		// Cached: the next Open only asks for the objects' metadata.
		if _, err := source.Open(context.Background(), "s3://models/stories/", o); err != nil {
			t.Fatal(err)
		}
		if ranged, _ := proxy.Stats(); ranged != 0 {
			t.Errorf("the cached shards were downloaded again (%d ranged GETs)", ranged)
		}
	})

	t.Run("same results", func(t *testing.T) {
		o := opts()
		stories := storiesProbe(t)
		if got, want := stories.run(t, "s3://models/stories/", o), stories.run(t, single, o); !bytes.Equal(got, want) {
			t.Errorf("stories260K from S3: the output differs from the local file's")
		}
		mlp := mnistMLP(t)
		if got, want := mlp.run(t, "s3://models/mnist/", o), mlp.run(t, mnistFile, o); !bytes.Equal(got, want) {
			t.Errorf("MNIST from S3: the output differs from the local file's")
		}
	})

	t.Run("credentials file", func(t *testing.T) {
		cred := filepath.Join(t.TempDir(), "credentials")
		os.WriteFile(cred, []byte("[default]\naws_access_key_id = "+weightstest.AdminKey+"\naws_secret_access_key = "+weightstest.AdminSecret+"\n"), 0o600)
		t.Setenv("AWS_ACCESS_KEY_ID", "")
		t.Setenv("AWS_SECRET_ACCESS_KEY", "")
		t.Setenv("AWS_SHARED_CREDENTIALS_FILE", cred)
		if _, err := source.Open(context.Background(), "s3://models/mnist/model.safetensors", opts()); err != nil {
			t.Errorf("with ~/.aws/credentials: %v", err)
		}
	})

	t.Run("errors", func(t *testing.T) {
		o := opts()
		for _, c := range []struct{ loc, want string }{
			{"s3://nobucket/model.safetensors", `bucket "nobucket" does not exist`},
			{"s3://models/nope.safetensors", "no such object"},
			{"s3://models/empty/", "no model.safetensors.index.json or model.safetensors in the folder"},
		} {
			_, err := source.Open(context.Background(), c.loc, o)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.loc) {
				t.Errorf("%s: err = %v, want one naming it with %q", c.loc, err, c.want)
			}
		}
		t.Setenv("AWS_ACCESS_KEY_ID", weightstest.ReaderKey)
		t.Setenv("AWS_SECRET_ACCESS_KEY", weightstest.ReaderSecret)
		_, err := source.Open(context.Background(), "s3://private/x.safetensors", o)
		if err == nil || !strings.Contains(err.Error(), "access denied (HTTP 403") || !strings.Contains(err.Error(), "s3://private/x.safetensors") {
			t.Errorf("a bucket the identity may not read: err = %v", err)
		}
		if ms, _ := filepath.Glob(filepath.Join(o.Cache, "s3", "*", "*")); len(ms) != 0 {
			t.Errorf("failed opens left files in the cache: %v", ms)
		}
	})

	t.Run("interrupted and corrupted", func(t *testing.T) {
		o := opts()
		o.Parallel, o.PartSize = 1, 256<<10
		loc := "s3://models/stories/model-00001-of-00003.safetensors"
		want, _ := os.ReadFile(filepath.Join(folder, "model-00001-of-00003.safetensors"))
		proxy.CutNextGet(100000)
		_, err := source.Open(context.Background(), loc, o)
		if err == nil || !strings.Contains(err.Error(), "download interrupted at byte") || !strings.Contains(err.Error(), loc) {
			t.Fatalf("cut: err = %v", err)
		}
		file := filepath.Join(o.Cache, "s3", "models", "stories", "model-00001-of-00003.safetensors")
		if _, err := os.Stat(file); err == nil {
			t.Fatalf("the cut download is in the cache as complete")
		}
		m, err := source.Open(context.Background(), loc, o)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(m.Files[0]); !bytes.Equal(got, want) {
			t.Errorf("the resumed download differs")
		}
		// A flipped byte: the object's MD5 (its single-part ETag) catches it.
		o = opts()
		proxy.FlipNextGet()
		_, err = source.Open(context.Background(), "s3://models/mnist/model.safetensors", o)
		var ce *source.ChecksumError
		if !errors.As(err, &ce) || ce.Kind != "md5" {
			t.Fatalf("corrupted: err = %v, want an md5 ChecksumError", err)
		}
		if ms, _ := filepath.Glob(filepath.Join(o.Cache, "s3", "models", "mnist", "*")); len(ms) != 0 {
			t.Errorf("the corrupted download is in the cache: %v", ms)
		}
	})
}
