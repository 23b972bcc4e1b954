//go:build unix

package vulkan

import (
	"io/fs"
	"os"
	"syscall"
)

// ownedByMe reports whether fi (from os.Lstat) belongs to this process's
// user.
func ownedByMe(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}
