package compile

import (
	"regexp"
	"strings"
)

// kernelName matches "kernel NAME: " in errors.
var kernelName = regexp.MustCompile(`kernel \S+: (%\d+: )?`)

// reason shortens an error to what it says after the kernel's name.
func reason(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, "): "); i >= 0 {
		msg = msg[i+3:]
	}
	msg = kernelName.ReplaceAllString(msg, "")
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	if len(msg) > 120 {
		msg = msg[:120]
	}
	return msg
}
