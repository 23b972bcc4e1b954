package source_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/weightstest"
	"github.com/zmlc/zmlc/weights/source"
)

// hubPython returns a Python with huggingface_hub: $ZMLC_HF_PYTHON, else
// the virtual environment scripts/setup_hfhub.sh makes in the cache. When
// it is missing the test fails under CI=true and is skipped elsewhere.
func hubPython(t *testing.T) string {
	p := os.Getenv("ZMLC_HF_PYTHON")
	if p == "" {
		cache := os.Getenv("XDG_CACHE_HOME")
		if cache == "" {
			home, _ := os.UserHomeDir()
			cache = filepath.Join(home, ".cache")
		}
		p = filepath.Join(cache, "zmlc", "hfhub-venv", "bin", "python")
	}
	if err := exec.Command(p, "-c", "import huggingface_hub").Run(); err != nil {
		msg := "no Python with huggingface_hub at " + p + " (run scripts/setup.sh, or set ZMLC_HF_PYTHON): " + err.Error()
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return p
}

// hubDownload runs huggingface_hub's hf_hub_download for each file of
// repo against the cache (and endpoint, unless offline) and returns the
// paths it printed.
func hubDownload(t *testing.T, py, cache, endpoint string, offline bool, repo string, files []string) []string {
	t.Helper()
	script := `import sys
from huggingface_hub import hf_hub_download
for f in sys.argv[2:]:
    print(hf_hub_download(repo_id=sys.argv[1], filename=f))
`
	cmd := exec.Command(py, append([]string{"-c", script, repo}, files...)...)
	cmd.Env = []string{"HOME=" + t.TempDir(), "HF_HOME=" + t.TempDir(), "HF_HUB_CACHE=" + cache, "HF_ENDPOINT=" + endpoint,
		"HF_HUB_DISABLE_TELEMETRY=1", "HF_HUB_DISABLE_IMPLICIT_TOKEN=1", "HF_HUB_DISABLE_PROGRESS_BARS=1", "NO_PROXY=*", "PATH=" + os.Getenv("PATH")}
	if offline {
		cmd.Env = append(cmd.Env, "HF_HUB_OFFLINE=1")
	}
	out, err := cmd.Output()
	if err != nil {
		stderr := ""
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("huggingface_hub: %v\n%s", err, stderr)
	}
	return strings.Fields(string(out))
}

// TestHubCacheSharedWithPython checks the cache both ways with the real
// huggingface_hub: what it downloads from the Hub fixture, zmlc reads
// offline; what zmlc downloads, it reads offline, at the same paths.
func TestHubCacheSharedWithPython(t *testing.T) {
	py := hubPython(t)
	h := weightstest.NewHub(t)
	files := storiesRepo(t)
	h.AddRepo("karpathy/stories260K", &weightstest.HubRepo{Commits: map[string]map[string][]byte{commit1: files}, Refs: map[string]string{"main": commit1}})
	names := []string{"config.json", "model.safetensors.index.json", "model-00001-of-00003.safetensors", "model-00002-of-00003.safetensors", "model-00003-of-00003.safetensors"}

	// Python downloads, zmlc reads offline.
	cache := t.TempDir()
	hubDownload(t, py, cache, h.URL, false, "karpathy/stories260K", names)
	m, err := source.Open(context.Background(), "hf://karpathy/stories260K", &source.Options{HubCache: cache, Offline: true, Progress: -1})
	if err != nil {
		t.Fatalf("zmlc reading huggingface_hub's cache: %v", err)
	}
	checkFiles(t, m.Dir, files)
	if len(m.Files) != 3 {
		t.Errorf("model %+v, want 3 shards", m)
	}

	// zmlc downloads, Python reads offline.
	cache = t.TempDir()
	m, err = source.Open(context.Background(), "hf://karpathy/stories260K", &source.Options{HubCache: cache, Endpoint: h.URL, Progress: -1, PartSize: 64 << 10})
	if err != nil {
		t.Fatal(err)
	}
	paths := hubDownload(t, py, cache, "http://127.0.0.1:1", true, "karpathy/stories260K", names)
	if len(paths) != len(names) {
		t.Fatalf("huggingface_hub printed %v", paths)
	}
	for i, p := range paths {
		if want := filepath.Join(m.Dir, names[i]); p != want {
			t.Errorf("huggingface_hub found %s at %s, zmlc put it at %s", names[i], p, want)
		}
		if got, _ := os.ReadFile(p); !bytes.Equal(got, files[names[i]]) {
			t.Errorf("%s read by huggingface_hub differs", names[i])
		}
	}
}
