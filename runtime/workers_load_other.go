//go:build !linux

package runtime

// runnableThreads returns -1: only Linux says how many threads are
// runnable (proc(5)), so workerPool never polls elsewhere.
func runnableThreads() int { return -1 }
