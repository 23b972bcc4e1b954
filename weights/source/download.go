package source

import (
	"context"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// checksum is what a download is checked against once complete.
type checksum struct {
	// kind is "sha256", "md5", "git-sha1" (git's blob id: the sha1 of
	// "blob SIZE\x00" and the content) or "" (the size only).
	kind string
	want string // lowercase hex
}

// newHash returns the hash of kind for a file of size bytes.
func (c checksum) newHash(size int64) hash.Hash {
	switch c.kind {
	case "sha256":
		return sha256.New()
	case "md5":
		return md5.New()
	case "git-sha1":
		h := sha1.New()
		fmt.Fprintf(h, "blob %d\x00", size)
		return h
	}
	return nil
}

// ChecksumError reports a download whose bytes do not match the
// checksum its source gave; the download was deleted.
type ChecksumError struct {
	File      string // the file, as its location names it
	Kind      string // "sha256", "md5" or "git-sha1"
	Got, Want string // lowercase hex
}

func (e *ChecksumError) Error() string {
	return fmt.Sprintf("%s: %s of the download is %s, the source says %s (corrupted in transfer; the download was deleted, run again)", e.File, e.Kind, e.Got, e.Want)
}

// remoteFile is one file to download.
type remoteFile struct {
	loc  string // names the file in errors
	name string // names it on the progress bar
	size int64  // in bytes; -1 when unknown
	sum  checksum
	// read returns the bytes [off, end) of the file (end -1: to its
	// end). whole is true when the server ignored the range and sends
	// the whole file from byte 0.
	read func(ctx context.Context, off, end int64) (body io.ReadCloser, whole bool, err error)
}

// errNoRanges is a server answering a ranged read with the whole file.
var errNoRanges = errors.New("the server does not serve byte ranges")

// download fetches f into dst, through the partial file part: an
// existing part is resumed (its bytes are hashed again and the rest is
// asked for with ranged reads). lock names the lock file held meanwhile,
// so that two processes do not write the same part. dst appears only when
// complete, of the right size and checksum; a checksum mismatch deletes
// part; any other failure keeps it for the next try.
func (o *Options) download(ctx context.Context, f remoteFile, dst, part, lock string) (err error) {
	for _, d := range []string{filepath.Dir(dst), filepath.Dir(part), filepath.Dir(lock)} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	unlock, err := lockFile(lock)
	if err != nil {
		return err
	}
	defer unlock()
	if _, err := os.Stat(dst); err == nil {
		return nil // another process finished it while we waited
	}
	fd, err := os.OpenFile(part, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer func() {
		if fd != nil {
			fd.Close()
		}
	}()
	st, err := fd.Stat()
	if err != nil {
		return err
	}
	have := st.Size()
	if f.size >= 0 && have > f.size {
		have = 0
	}
	w := &hashWriter{f: fd, sum: f.sum, size: f.size}
	if err := w.resume(have); err != nil {
		return err
	}
	bar := o.progressBar(f)
	if bar != nil {
		bar.Set64(have)
		defer bar.Finish()
		w.progress = func(n int) { bar.Add(n) }
	}
	if f.size >= 0 {
		err = o.fetchParts(ctx, f, w)
		if errors.Is(err, errNoRanges) {
			if err = w.resume(0); err == nil {
				err = fetchStream(ctx, f, w)
			}
		}
	} else {
		err = fetchStream(ctx, f, w)
	}
	if err != nil {
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		return fmt.Errorf("%s: download interrupted at byte %d%s (the part is kept and the next run resumes it): %w", f.loc, w.off, sizeSuffix(f.size), err)
	}
	if f.size >= 0 && w.off != f.size {
		return fmt.Errorf("%s: the download has %d bytes, the source says %d", f.loc, w.off, f.size)
	}
	if w.h != nil {
		if got := hex.EncodeToString(w.h.Sum(nil)); got != f.sum.want {
			fd.Close()
			fd = nil
			os.Remove(part)
			return &ChecksumError{File: f.loc, Kind: f.sum.kind, Got: got, Want: f.sum.want}
		}
	}
	if err := fd.Sync(); err != nil {
		return err
	}
	if err := fd.Close(); err != nil {
		fd = nil
		return err
	}
	fd = nil
	return os.Rename(part, dst)
}

func sizeSuffix(size int64) string {
	if size < 0 {
		return ""
	}
	return " of " + strconv.FormatInt(size, 10)
}

// hashWriter appends to the partial file and hashes what it writes.
type hashWriter struct {
	f        *os.File
	sum      checksum
	size     int64
	h        hash.Hash
	off      int64 // bytes in the file
	progress func(int)
}

// resume restarts the writer after the first have bytes of the file:
// they are hashed again and the rest of the file is cut off.
func (w *hashWriter) resume(have int64) error {
	if err := w.f.Truncate(have); err != nil {
		return err
	}
	w.h = w.sum.newHash(w.size)
	if w.h != nil && have > 0 {
		if _, err := io.Copy(w.h, io.NewSectionReader(w.f, 0, have)); err != nil {
			return err
		}
	}
	w.off = have
	_, err := w.f.Seek(have, io.SeekStart)
	return err
}

func (w *hashWriter) Write(b []byte) (int, error) {
	n, err := w.f.Write(b)
	if w.h != nil {
		w.h.Write(b[:n])
	}
	w.off += int64(n)
	if w.progress != nil {
		w.progress(n)
	}
	return n, err
}

// fetchStream reads f from w.off to its end in one request.
func fetchStream(ctx context.Context, f remoteFile, w *hashWriter) error {
	body, whole, err := f.read(ctx, w.off, -1)
	if err != nil {
		return err
	}
	defer body.Close()
	if whole && w.off > 0 {
		if err := w.resume(0); err != nil {
			return err
		}
	}
	_, err = io.CopyBuffer(w, body, make([]byte, 1<<20))
	return err
}

// part is one range of a file fetched by fetchParts.
type part struct {
	off, n int64
	buf    []byte
	got    int // bytes of buf filled, when err is set
	err    error
	done   chan struct{}
}

// fetchParts reads f from w.off to its end in parts of o.PartSize bytes,
// o.Parallel at a time, and writes them to w in order, so that the
// partial file is always a prefix of f.
func (o *Options) fetchParts(ctx context.Context, f remoteFile, w *hashWriter) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var queue []*part
	var free [][]byte
	next := w.off
	defer func() { // wait for the parts in flight before returning
		cancel()
		for _, p := range queue {
			<-p.done
		}
	}()
	for next < f.size || len(queue) > 0 {
		for next < f.size && len(queue) < o.Parallel {
			p := &part{off: next, n: min(o.PartSize, f.size-next), done: make(chan struct{})}
			if len(free) > 0 {
				p.buf, free = free[len(free)-1], free[:len(free)-1]
			}
			if int64(cap(p.buf)) < p.n {
				p.buf = make([]byte, p.n)
			}
			p.buf = p.buf[:p.n]
			next += p.n
			queue = append(queue, p)
			go fetchPart(ctx, f, p)
		}
		p := queue[0]
		<-p.done
		queue = queue[1:]
		if p.err != nil {
			// Keep what arrived of the first missing part: the next try
			// resumes after it.
			if _, err := w.Write(p.buf[:p.got]); err != nil {
				return err
			}
			return p.err
		}
		if _, err := w.Write(p.buf); err != nil {
			return err
		}
		free = append(free, p.buf)
	}
	return nil
}

// fetchPart fills p.buf with bytes [p.off, p.off+p.n) of f.
func fetchPart(ctx context.Context, f remoteFile, p *part) {
	defer close(p.done)
	body, whole, err := f.read(ctx, p.off, p.off+p.n)
	if err != nil {
		p.err = err
		return
	}
	defer body.Close()
	if whole && (p.off != 0 || p.n != f.size) {
		p.err = errNoRanges
		return
	}
	if p.got, err = io.ReadFull(body, p.buf); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		p.err = fmt.Errorf("bytes [%d, %d): %w", p.off, p.off+p.n, err)
	}
}

// progressBar returns the bar of f's download, or nil when o says none
// (by default: files under 1 MiB and stderr not a terminal have none).
func (o *Options) progressBar(f remoteFile) *progressbar.ProgressBar {
	show := o.Progress > 0
	if o.Progress == 0 && (f.size < 0 || f.size >= 1<<20) {
		if fd, ok := o.Stderr.(interface{ Fd() uintptr }); ok {
			show = term.IsTerminal(int(fd.Fd()))
		}
	}
	if !show {
		return nil
	}
	return progressbar.NewOptions64(f.size, progressbar.OptionSetWriter(o.Stderr), progressbar.OptionShowBytes(true),
		progressbar.OptionSetDescription("downloading "+f.name), progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(100*time.Millisecond))
}
