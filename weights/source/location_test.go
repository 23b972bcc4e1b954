package source

import (
	"strings"
	"testing"
)

// TestParse checks the location syntax of the package documentation.
func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Location
		file bool
	}{
		{"w.safetensors", Location{Scheme: "file", Path: "w.safetensors"}, true},
		{"/models/llama", Location{Scheme: "file", Path: "/models/llama"}, false},
		{"hf://org/name", Location{Scheme: "hf", Repo: "org/name", Revision: "main"}, false},
		{"hf://org/name@v1.0", Location{Scheme: "hf", Repo: "org/name", Revision: "v1.0"}, false},
		{"hf://org/name@refs%2Fpr%2F1/q4/m.gguf", Location{Scheme: "hf", Repo: "org/name", Revision: "refs/pr/1", File: "q4/m.gguf"}, true},
		{"hf://org/name/model.safetensors.index.json", Location{Scheme: "hf", Repo: "org/name", Revision: "main", File: "model.safetensors.index.json"}, true},
		{"s3://bucket/models/llama/", Location{Scheme: "s3", Bucket: "bucket", File: "models/llama"}, false},
		{"s3://bucket", Location{Scheme: "s3", Bucket: "bucket"}, false},
		{"https://host:8443/a/b.gguf", Location{Scheme: "https", Host: "host:8443", File: "a/b.gguf"}, true},
		{"http://127.0.0.1:9000/dir/", Location{Scheme: "http", Host: "127.0.0.1:9000", File: "dir"}, false},
	} {
		got, err := Parse(c.in)
		c.want.Raw = c.in
		if err != nil || got != c.want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
		if got.NamesFile() != c.file {
			t.Errorf("Parse(%q).NamesFile() = %v", c.in, got.NamesFile())
		}
	}
	for _, c := range []struct{ in, want string }{
		{"", "empty weights location"},
		{"hf://org", "want hf://ORG/NAME"},
		{"hf://org/@v1", "want hf://ORG/NAME"},
		{"hf://org/name@", "bad revision"},
		{"s3:///key", "want s3://BUCKET/KEY"},
		{"https:///x", "want https://HOST/PATH"},
		{"https://h/x?sig=1", "a query or fragment is not supported"},
		{"gs://bucket/key", "unknown scheme gs://"},
		{"s3://b/a/../../etc", "must not contain empty, . or .. elements"},
		{"hf://org/name/a//b.gguf", "must not contain empty"},
	} {
		_, err := Parse(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q): err = %v, want %q", c.in, err, c.want)
		}
	}
}
