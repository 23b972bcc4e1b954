package spirv

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// ValTool is the SPIR-V validator the vulkan target runs on every module
// it writes (DESIGN.md, "How we know a target is right"), from the Debian
// package spirv-tools.
const ValTool = "spirv-val"

// ValTargetEnv is the environment modules are validated for: Vulkan 1.2,
// the version the launcher's driver asks for (runtime/vulkan).
const ValTargetEnv = "vulkan1.2"

// ErrNoValidator is wrapped by Validate's error when spirv-val is not
// installed.
var ErrNoValidator = errors.New("spirv-val not found: install the Debian package spirv-tools (scripts/setup.sh); the vulkan target validates every module it writes")

// Validate runs spirv-val --target-env vulkan1.2 on the binary module bin
// (read from standard input). It returns nil when the module is valid, an
// error carrying spirv-val's message otherwise, and one wrapping
// ErrNoValidator when the tool is missing.
func Validate(ctx context.Context, bin []byte) error {
	path, err := exec.LookPath(ValTool)
	if err != nil {
		return ErrNoValidator
	}
	cmd := exec.CommandContext(ctx, path, "--target-env", ValTargetEnv, "-")
	cmd.Stdin = bytes.NewReader(bin)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(out.String())
		if len(msg) > 4000 {
			msg = msg[:4000] + "..."
		}
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("spirv-val --target-env %s: %s", ValTargetEnv, msg)
	}
	return nil
}
