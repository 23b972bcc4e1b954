// Command pjrtprobe loads a PJRT plugin with zmlc's driver (runtime/pjrt),
// prints its PJRT C API version, creates a client and prints its platform
// and device count, or the plugin's one-line error. scripts/check_libtpu.sh
// runs it on libtpu under strace.
//
//	go run ./scripts/pjrtprobe PLUGIN.so
//
// Exit status: 0 when a client was created, 3 when the plugin loaded but
// the client failed (no device), 1 when the plugin did not load.
package main

import (
	"fmt"
	"os"

	"github.com/zmlc/zmlc/runtime/pjrt"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: pjrtprobe PLUGIN.so")
		os.Exit(2)
	}
	major, minor, err := pjrt.Version(os.Args[1])
	if err != nil {
		fmt.Println("load:", err)
		os.Exit(1)
	}
	fmt.Printf("api: PJRT C API %d.%d\n", major, minor)
	platform, n, err := pjrt.Probe(os.Args[1], nil)
	if err != nil {
		fmt.Println("client:", err)
		os.Exit(3)
	}
	fmt.Printf("client: platform %q, %d devices\n", platform, n)
}
