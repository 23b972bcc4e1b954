// Command zmlc is the zmlc compiler driver.
//
//	zmlc [flags] INPUT            compile a .zml or .mlir program for --target, or --emit a stage
//	zmlc opt [flags] FILE         run optimisation passes, as mlir-opt
//	zmlc interpret FILE.mlir      run a StableHLO program on the reference interpreter
//	zmlc run [flags] BUNDLE       run a compiled bundle (--weights, --input, --bench)
//	zmlc keygen -o KEY            make an ed25519 key pair for signing bundles
//	zmlc sign --key KEY BUNDLE    sign a bundle; zmlc verify --trusted-key KEY.pub BUNDLE checks it
//
// Run `zmlc --help`, `zmlc run --help` or `zmlc interpret --help` for the
// flags. Exit status: 0
// on success, 1 on a compile, run or check error, 2 on a usage error.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command: it parses args, does the work, prints results
// to stdout and diagnostics to stderr, and returns the exit status. An
// unexpected panic is turned into an internal error (exit 1), never a Go
// stack trace; normal bad input never gets there.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return protect(stderr, func() int { return dispatch(args, stdin, stdout, stderr) })
}

// protect runs body and returns its status; a panic inside it is reported as
// `zmlc: internal error: ...` on stderr and gives exitError.
func protect(stderr io.Writer, body func() int) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "zmlc: internal error: %v\n", r)
			if os.Getenv("ZMLC_TRACEBACK") != "" {
				stderr.Write(debug.Stack())
			} else {
				fmt.Fprintln(stderr, "zmlc: this is a bug in zmlc; set ZMLC_TRACEBACK=1 for the stack trace and please report it")
			}
			code = exitError
		}
	}()
	return body()
}

// dispatch picks the command named by the first argument.
func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "interpret":
			return interpretMain(args[1:], stdin, stdout, stderr)
		case "opt":
			return optMain(args[1:], stdin, stdout, stderr)
		case "run":
			return runMain(args[1:], stdout, stderr)
		case "keygen":
			return keygenMain(args[1:], stdout, stderr)
		case "sign":
			return signMain(args[1:], stdout, stderr)
		case "verify":
			return verifyMain(args[1:], stdout, stderr)
		case "help":
			printCompileHelp(stdout)
			return exitOK
		}
	}
	return compileMain(args, stdin, stdout, stderr)
}
