package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/zmlc/zmlc/internal/atomicfile"
)

// errSameFile is the error for -o naming the input file.
type errSameFile struct{ input string }

func (e *errSameFile) Error() string {
	return fmt.Sprintf("input file '%s' is the same as output file", e.input)
}

// checkNotInput returns *errSameFile when dest ("-" and "" are stdout) is
// the file input (stdin "-" is no file) — the same file, by device and
// inode, whatever the path or link it is reached through — as gcc refuses
// `gcc x.c -o x.c`. A dest that does not exist yet is never the input.
func checkNotInput(dest, input string) error {
	if dest == "" || dest == "-" || input == "-" {
		return nil
	}
	in, err := os.Stat(input)
	if err != nil {
		return nil
	}
	out, err := os.Stat(dest)
	if err != nil {
		return nil
	}
	if os.SameFile(in, out) {
		return &errSameFile{input}
	}
	return nil
}

// writeOutput writes data to dest, the value of -o, keeping the user's
// files safe:
//
//   - a symbolic link is followed: its target is written and the link stays
//     (as gcc and mlir-opt do); a dangling link creates its target;
//   - a regular file is replaced atomically (atomicfile: a temporary file in
//     the same folder renamed over it), so a reader or a crash never sees
//     half a file;
//   - a file that is not regular (/dev/null, a FIFO, a terminal) is opened
//     and written, as a shell redirection would;
//   - in a folder zmlc cannot create files in (read-only) an existing,
//     writable file is overwritten in place (not atomically) since no
//     temporary file can be made next to it;
//   - a missing folder is reported by its own name.
func writeOutput(dest string, data []byte) error {
	path, err := resolveLinks(dest)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", dest, err)
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot write %s: no such directory: %s", dest, dir)
		}
		return fmt.Errorf("cannot write %s: %v", dest, unwrapPath(err))
	} else if !st.IsDir() {
		return fmt.Errorf("cannot write %s: %s is not a directory", dest, dir)
	}
	st, statErr := os.Stat(path)
	if statErr == nil && st.IsDir() {
		return fmt.Errorf("cannot write %s: it is a directory", dest)
	}
	if statErr == nil && !st.Mode().IsRegular() {
		return writeInPlace(dest, path, data)
	}
	err = atomicfile.WriteFile(path, data)
	if err == nil {
		return nil
	}
	if statErr == nil && (errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)) {
		// The folder refuses a temporary file; the file itself may still
		// be writable.
		if werr := writeInPlace(dest, path, data); werr == nil {
			return nil
		}
		return fmt.Errorf("cannot write %s: the directory %s is not writable and neither is the file", dest, dir)
	}
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("cannot write %s: permission denied: cannot create files in %s", dest, dir)
	}
	return fmt.Errorf("cannot write %s: %v", dest, unwrapPath(err))
}

// writeInPlace opens path for writing (truncating it) and writes data.
func writeInPlace(dest, path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", dest, unwrapPath(err))
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", dest, unwrapPath(err))
	}
	return nil
}

// resolveLinks follows path through symbolic links (at most 40, as Linux)
// to the file a write should replace; a dangling link resolves to its
// target, which the write creates.
func resolveLinks(path string) (string, error) {
	for range 40 {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		target, err := os.Readlink(path)
		if err != nil {
			return "", unwrapPath(err)
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(path), target)
		}
		path = target
	}
	return "", errors.New("too many levels of symbolic links")
}

// unwrapPath returns the reason inside an *os.PathError (the caller names
// the file itself).
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// writeTo writes data to dest (-o), or to stdout when dest is "" or "-".
func writeTo(dest string, stdout io.Writer, data []byte) error {
	if dest == "" || dest == "-" {
		_, err := stdout.Write(data)
		return err
	}
	return writeOutput(dest, data)
}
