package main

// Exit statuses of zmlc.
const (
	exitOK    = 0 // success
	exitError = 1 // a compile, run or check error
	exitUsage = 2 // a usage error: bad flags or arguments
)

// usageError is an error in the command line; it exits with exitUsage.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }
