package main

// Exit statuses of zmlc.
const (
	exitOK    = 0 // success
	exitError = 1 // a compile, run or check error
	exitUsage = 2 // a usage error: bad flags or arguments
)

// usageError is an error in the command line; it exits with exitUsage.
// With oneLine set it prints alone, without the hint to run --help (the
// message lists the valid values itself, as clang's do).
type usageError struct {
	msg     string
	oneLine bool
}

func (e *usageError) Error() string { return e.msg }
