// Package atomicfile replaces a file in one step: readers see either the
// old file or the whole new one, never a part, and a failed write leaves
// the old file (or no file) in place and no temporary file behind.
//
// The new content goes into a temporary file in the same folder as the
// destination (so the rename never crosses a file system), which is
// synced, given the permission bits of the file it replaces (0644 for a
// new file, regardless of the umask) and renamed over the destination;
// the folder is then synced so that the rename itself survives a crash.
//
// github.com/google/renameio/v2 does most of this but does not sync the
// folder, puts the temporary file under $TMPDIR when that is on the same
// mount unless told otherwise, and does not build on Windows, where emit
// and ir/tensorio do; hence this small package.
package atomicfile

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/zmlc/zmlc/internal/tempfiles"
)

// NewFileMode is the permission given to a file that did not exist before.
const NewFileMode os.FileMode = 0o644

// ErrNotRegular is returned (inside an *os.PathError) when the destination
// exists and is not a regular file, such as a folder or a device.
var ErrNotRegular = errors.New("not a regular file")

// Write creates or replaces the file at path with what write produces.
// write receives a buffered writer; the buffer is flushed before the file is
// synced. If write returns an error, Write returns that error unchanged (so
// errors.Is and errors.As see it) and neither the destination nor any
// temporary file is changed or left. Other errors are the *os.PathError or
// *os.LinkError values of the os calls that failed, or an *os.PathError
// wrapping ErrNotRegular.
func Write(path string, write func(w io.Writer) error) error {
	return replace(path, func(f *os.File) error {
		bw := bufio.NewWriterSize(f, 1<<20)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	})
}

// WriteFile creates or replaces the file at path with data, the way Write
// does.
func WriteFile(path string, data []byte) error {
	return replace(path, func(f *os.File) error {
		_, err := f.Write(data)
		return err
	})
}

// replace runs fill on a fresh temporary file next to path and renames it
// over path when fill and the sync succeed; otherwise it removes it.
func replace(path string, fill func(f *os.File) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	mode := NewFileMode
	if st, serr := os.Stat(path); serr == nil {
		if !st.Mode().IsRegular() {
			return &os.PathError{Op: "write", Path: path, Err: ErrNotRegular}
		}
		mode = st.Mode().Perm()
	}
	// The temporary name carries this process's id, so the next write of
	// path removes what a killed process left (internal/tempfiles).
	prefix := "." + base + ".tmp-"
	tempfiles.Sweep(dir, prefix)
	tmp, err := os.CreateTemp(dir, prefix+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return err
	}
	tempfiles.Lock(tmp) // held until tmp is closed: in use, not a leftover
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = fill(tmp); err != nil {
		return err
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	// Make the rename itself durable; folders that cannot be synced (some
	// file systems and Windows refuse) do not make the write fail.
	if d, derr := os.Open(dir); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
