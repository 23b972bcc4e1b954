//go:build !unix

package vulkan

import "io/fs"

// ownedByMe is false where ownership cannot be read: a fresh private
// folder is made instead.
func ownedByMe(fs.FileInfo) bool { return false }
