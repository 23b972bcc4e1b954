package runtime

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/zmlc/zmlc/emit"
)

// The environment variables of the trust policy (docs/BUNDLE.md, "Trust
// model"). Open honours them in every program that uses the launcher, so a
// deployment sets them once.
const (
	// EnvTrustedKeys is a list of PKIX PEM public key files, separated as
	// PATH is (filepath.SplitList: ':' on Unix).
	EnvTrustedKeys = "ZMLC_TRUSTED_KEYS"
	// EnvRequireSigned set to 1 refuses native bundles that are not signed
	// by a trusted key; 0 or unset does not.
	EnvRequireSigned = "ZMLC_REQUIRE_SIGNED"
)

// TrustPolicy says which bundles Open accepts. A wasm bundle is data run
// in a sandbox and is always accepted; a bundle of any other target (cpu,
// cuda, rocm, vulkan, and any target added later) carries native or device
// code and is as trusted as an executable. Whatever the policy, a bundle
// signed by a key in TrustedKeys whose signature does not verify is refused.
type TrustPolicy struct {
	// TrustedKeys are the ed25519 public keys whose signatures are
	// trusted.
	TrustedKeys []ed25519.PublicKey
	// RequireSigned refuses a native bundle unless it is signed by one of
	// TrustedKeys with a valid signature.
	RequireSigned bool
}

// Native reports whether a bundle for target runs native or device code:
// every target except wasm (whose kernels run in the wazero sandbox).
func Native(target string) bool { return target != "wasm" }

// TrustPolicyFromEnv returns the policy of the environment: the keys of
// the files EnvTrustedKeys lists and EnvRequireSigned. Errors name the
// variable and the file: an unreadable or malformed key file, or an
// EnvRequireSigned other than "", 0 or 1.
func TrustPolicyFromEnv() (TrustPolicy, error) {
	var p TrustPolicy
	switch v := os.Getenv(EnvRequireSigned); v {
	case "", "0":
	case "1":
		p.RequireSigned = true
	default:
		return p, fmt.Errorf("%s=%q: want 1 (refuse unsigned native bundles) or 0", EnvRequireSigned, v)
	}
	for _, path := range filepath.SplitList(os.Getenv(EnvTrustedKeys)) {
		if path == "" {
			continue
		}
		k, err := emit.ReadPublicKeyFile(path)
		if err != nil {
			return p, fmt.Errorf("%s: %w", EnvTrustedKeys, err)
		}
		p.TrustedKeys = append(p.TrustedKeys, k)
	}
	return p, nil
}

// Merge returns the policy that trusts the keys of both p and q and
// requires signatures if either does.
func (p TrustPolicy) Merge(q TrustPolicy) TrustPolicy {
	keys := append(append([]ed25519.PublicKey{}, p.TrustedKeys...), q.TrustedKeys...)
	return TrustPolicy{TrustedKeys: keys, RequireSigned: p.RequireSigned || q.RequireSigned}
}

// ErrUntrusted is wrapped by the errors of Check that refuse a bundle.
var ErrUntrusted = errors.New("untrusted bundle")

// Check decides whether b may be loaded under p, from its header and
// manifest only (nothing of its blobs is loaded). It returns nil, or an
// error wrapping ErrUntrusted, one line naming the bundle and the reason:
// a signature by a trusted key that does not verify (any target); or, when
// p.RequireSigned and the target is native, an unsigned bundle or one
// signed by an unknown key.
func (p TrustPolicy) Check(b *emit.Bundle) error {
	target := b.Manifest.Target.Name
	name := b.Path()
	if name == "" {
		name = "bundle"
	}
	_, err := b.VerifySignature(p.TrustedKeys)
	var uk *emit.UnknownKeyError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, emit.ErrBadSignature):
		return fmt.Errorf("%w: %s: %v", ErrUntrusted, name, err)
	case !p.RequireSigned || !Native(target):
		return nil
	case errors.Is(err, emit.ErrUnsigned):
		return fmt.Errorf("%w: %s: a %s bundle runs native code and is not signed; signatures are required (--require-signed or %s=1): sign it with `zmlc sign`", ErrUntrusted, name, target, EnvRequireSigned)
	case errors.As(err, &uk):
		if len(p.TrustedKeys) == 0 {
			return fmt.Errorf("%w: %s: a %s bundle runs native code and is signed by key %s, but no key is trusted (--trusted-key or %s)", ErrUntrusted, name, target, hex.EncodeToString(uk.KeyID[:]), EnvTrustedKeys)
		}
		return fmt.Errorf("%w: %s: a %s bundle runs native code and is signed by key %s, which is not a trusted key", ErrUntrusted, name, target, hex.EncodeToString(uk.KeyID[:]))
	}
	return fmt.Errorf("%w: %s: %v", ErrUntrusted, name, err)
}
