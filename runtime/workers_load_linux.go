//go:build linux

package runtime

import (
	"sync"
	"syscall"
)

var loadavg struct {
	once sync.Once
	fd   int
}

// runnableThreads returns the number of threads of the whole system that
// are running or ready to run at this instant (the fourth field of
// /proc/loadavg, "running/total", proc(5)), or -1 if unknown. It does not
// allocate.
func runnableThreads() int {
	l := &loadavg
	l.once.Do(func() {
		fd, err := syscall.Open("/proc/loadavg", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != nil {
			fd = -1
		}
		l.fd = fd
	})
	if l.fd < 0 {
		return -1
	}
	var buf [128]byte
	n, err := syscall.Pread(l.fd, buf[:], 0)
	if err != nil || n <= 0 {
		return -1
	}
	// "0.20 0.18 0.12 1/80 11206": skip three fields.
	b := buf[:n]
	i, fields := 0, 0
	for ; i < len(b) && fields < 3; i++ {
		if b[i] == ' ' {
			fields++
		}
	}
	r, digits := 0, 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		r, digits = r*10+int(b[i]-'0'), digits+1
	}
	if digits == 0 || i >= len(b) || b[i] != '/' {
		return -1
	}
	return r
}
