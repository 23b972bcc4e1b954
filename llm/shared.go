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
