package runtime

import _ "unsafe" // go:linkname

// procyield executes the PAUSE (amd64) or YIELD (arm64) instruction the
// given number of times: the Go runtime's spin-wait hint (runtime/stubs.go
// keeps it reachable by linkname, go.dev/issue/67401), which lets the
// other hardware thread of the core run while a goroutine polls.
//
//go:linkname procyield runtime.procyield
func procyield(cycles uint32)
