package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"
	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/runtime"
)

// This file holds the signing commands (docs/CLI.md, "Signed bundles";
// docs/BUNDLE.md, "Trust model"): `zmlc keygen`, `zmlc sign`,
// `zmlc verify`, and the trust flags of `zmlc run`.

// trustOptions are the trust flags of `zmlc run` and `zmlc verify`.
type trustOptions struct {
	TrustedKeys   []string // --trusted-key files (PKIX PEM)
	RequireSigned bool     // --require-signed
}

// addTrustFlags adds --trusted-key (and --require-signed when require is
// true) to fs, bound to o.
func addTrustFlags(fs *pflag.FlagSet, o *trustOptions, require bool) {
	fs.StringArrayVar(&o.TrustedKeys, "trusted-key", nil, "trust the ed25519 public key in `FILE.pub` (PKIX PEM, from zmlc keygen; repeat for several; also $ZMLC_TRUSTED_KEYS)")
	if require {
		fs.BoolVar(&o.RequireSigned, "require-signed", false, "refuse a native (non-wasm) bundle unless a trusted key signed it (also ZMLC_REQUIRE_SIGNED=1)")
	}
}

// policy reads the --trusted-key files into a runtime.TrustPolicy (the
// environment's policy is added by runtime.OpenBundle). Errors name the
// flag and the file.
func (o *trustOptions) policy() (runtime.TrustPolicy, error) {
	p := runtime.TrustPolicy{RequireSigned: o.RequireSigned}
	for _, path := range o.TrustedKeys {
		k, err := emit.ReadPublicKeyFile(path)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				return p, fmt.Errorf("--trusted-key: cannot read %s", describeOpenError(path, err))
			}
			return p, fmt.Errorf("--trusted-key %v", err)
		}
		p.TrustedKeys = append(p.TrustedKeys, k)
	}
	return p, nil
}

// keyIDString formats a public key's key id (emit.KeyID) in hex.
func keyIDString(pub ed25519.PublicKey) string {
	id := emit.KeyID(pub)
	return hex.EncodeToString(id[:])
}

// keygenMain is `zmlc keygen -o KEY`: it writes a new ed25519 key pair,
// the private key to KEY (PKCS#8 PEM, mode 0600) and the public key to
// KEY.pub (PKIX PEM), refusing to replace existing files, and prints the
// key id.
func keygenMain(args []string, stdout, stderr io.Writer) int {
	var out string
	var help bool
	fs := newFlagSet("zmlc keygen")
	fs.StringVarP(&out, "output", "o", "", "write the private key to `KEY` and the public key to KEY.pub")
	fs.BoolVarP(&help, "help", "h", false, "print this help and exit")
	if err := fs.Parse(normalizeArgs(fs, args)); err != nil {
		reportUsage(stderr, &usageError{msg: err.Error()}, "zmlc keygen")
		return exitUsage
	}
	if help {
		printSignHelp(stdout, "keygen", fs)
		return exitOK
	}
	if len(fs.Args()) > 0 {
		reportUsage(stderr, &usageError{msg: "unexpected arguments: zmlc keygen takes only -o KEY"}, "zmlc keygen")
		return exitUsage
	}
	if out == "" {
		reportUsage(stderr, &usageError{msg: "no output: pass -o KEY (writes KEY and KEY.pub)"}, "zmlc keygen")
		return exitUsage
	}
	fail := func(err error) int {
		reportError(stderr, err, "", nil)
		return exitError
	}
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return fail(err)
	}
	privPEM, err := emit.MarshalPrivateKeyPEM(priv)
	if err != nil {
		return fail(err)
	}
	pubPEM, err := emit.MarshalPublicKeyPEM(pub)
	if err != nil {
		return fail(err)
	}
	for _, p := range []string{out, out + ".pub"} {
		if _, err := os.Lstat(p); err == nil {
			return fail(fmt.Errorf("%s exists: keygen does not replace keys; remove it or choose another -o", p))
		}
	}
	if err := writeNewFile(out, privPEM, 0o600); err != nil {
		return fail(err)
	}
	if err := writeNewFile(out+".pub", pubPEM, 0o644); err != nil {
		os.Remove(out)
		return fail(err)
	}
	fmt.Fprintf(stdout, "wrote %s and %s.pub, key id %s\n", out, out, keyIDString(pub))
	return exitOK
}

// writeNewFile creates path (which must not exist) with mode perm,
// regardless of the umask, and writes data; on error it removes it.
func writeNewFile(path string, data []byte, perm os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return fmt.Errorf("cannot create %s", describeOpenError(path, err))
	}
	err = f.Chmod(perm)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	return nil
}

// signMain is `zmlc sign --key KEY BUNDLE [-o OUT]`: it checks BUNDLE and
// writes it, signed with the private key in KEY, to OUT (default: BUNDLE
// itself), atomically.
func signMain(args []string, stdout, stderr io.Writer) int {
	var keyPath, out string
	var help bool
	fs := newFlagSet("zmlc sign")
	fs.StringVar(&keyPath, "key", "", "sign with the ed25519 private key in `KEY` (PKCS#8 PEM, from zmlc keygen)")
	fs.StringVarP(&out, "output", "o", "", "write the signed bundle to `FILE` (atomically); default: replace BUNDLE")
	fs.BoolVarP(&help, "help", "h", false, "print this help and exit")
	if err := fs.Parse(normalizeArgs(fs, args)); err != nil {
		reportUsage(stderr, &usageError{msg: err.Error()}, "zmlc sign")
		return exitUsage
	}
	if help {
		printSignHelp(stdout, "sign", fs)
		return exitOK
	}
	if err := oneArg(fs.Args(), "bundle file"); err != nil {
		reportUsage(stderr, err, "zmlc sign")
		return exitUsage
	}
	if keyPath == "" {
		reportUsage(stderr, &usageError{msg: "no key: pass --key KEY (a private key from zmlc keygen)"}, "zmlc sign")
		return exitUsage
	}
	in := fs.Args()[0]
	if out == "" {
		out = in
	}
	fail := func(err error) int {
		reportError(stderr, oneLine(err), "", nil)
		return exitError
	}
	key, err := emit.ReadPrivateKeyFile(keyPath)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return fail(fmt.Errorf("--key: cannot read %s", describeOpenError(keyPath, err)))
		}
		return fail(fmt.Errorf("--key %v", err))
	}
	if err := emit.SignFile(in, out, key); err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) && pe.Path == in {
			return fail(fmt.Errorf("cannot read %s", describeOpenError(in, err)))
		}
		return fail(err)
	}
	fmt.Fprintf(stdout, "signed %s with key %s\n", out, keyIDString(key.Public().(ed25519.PublicKey)))
	return exitOK
}

// verifyMain is `zmlc verify --trusted-key K.pub BUNDLE`: it checks BUNDLE
// (every checksum) and its signature against the trusted keys (the flags'
// and $ZMLC_TRUSTED_KEYS'), printing one line: on stdout and exit 0 when a
// trusted key signed it, else a `zmlc: error:` line and exit 1.
func verifyMain(args []string, stdout, stderr io.Writer) int {
	var o trustOptions
	var help bool
	fs := newFlagSet("zmlc verify")
	addTrustFlags(fs, &o, false)
	fs.BoolVarP(&help, "help", "h", false, "print this help and exit")
	if err := fs.Parse(normalizeArgs(fs, args)); err != nil {
		reportUsage(stderr, &usageError{msg: err.Error()}, "zmlc verify")
		return exitUsage
	}
	if help {
		printSignHelp(stdout, "verify", fs)
		return exitOK
	}
	if err := oneArg(fs.Args(), "bundle file"); err != nil {
		reportUsage(stderr, err, "zmlc verify")
		return exitUsage
	}
	fail := func(err error) int {
		reportError(stderr, oneLine(err), "", nil)
		return exitError
	}
	p, err := o.policy()
	if err != nil {
		return fail(err)
	}
	env, err := runtime.TrustPolicyFromEnv()
	if err != nil {
		return fail(err)
	}
	p = p.Merge(env)
	if len(p.TrustedKeys) == 0 {
		reportUsage(stderr, &usageError{msg: "no trusted key: pass --trusted-key KEY.pub or set ZMLC_TRUSTED_KEYS"}, "zmlc verify")
		return exitUsage
	}
	path := fs.Args()[0]
	b, err := emit.Open(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return fail(fmt.Errorf("cannot read %s", describeOpenError(path, err)))
		}
		return fail(err)
	}
	defer b.Close()
	k, err := b.VerifySignature(p.TrustedKeys)
	if err != nil {
		return fail(fmt.Errorf("%s: %v", path, err))
	}
	fmt.Fprintf(stdout, "%s: good signature by trusted key %s\n", path, keyIDString(k))
	return exitOK
}

// signHelp is the text of each signing command's --help, before its flags.
var signHelp = map[string]string{
	"keygen": `Usage:
  zmlc keygen -o KEY

Writes a new ed25519 key pair: the private key to KEY (PKCS#8 PEM, mode
0600) and the public key to KEY.pub (PKIX PEM), the formats of
'openssl genpkey -algorithm ed25519' and 'openssl pkey -pubout'. Existing
files are never replaced. Prints the key id (the sha256 of the raw public key).
`,
	"sign": `Usage:
  zmlc sign --key KEY BUNDLE [-o OUT]

Checks BUNDLE (every checksum) and signs it: writes an ed25519 signature by
KEY over the header, which holds the manifest's sha256 (and the manifest every
blob's), into the header's signature block (docs/BUNDLE.md, "Signatures").
Nothing else changes. OUT (default: BUNDLE itself) is written atomically.
`,
	"verify": `Usage:
  zmlc verify --trusted-key KEY.pub BUNDLE

Checks BUNDLE (every checksum) and its signature against the trusted keys
(--trusted-key and the files listed in $ZMLC_TRUSTED_KEYS). Prints one line:
exit 0 when a trusted key signed it; exit 1 when it is unsigned, signed by
another key, or its signature does not verify (it was changed after signing).
`,
}

// printSignHelp prints the help of `zmlc keygen`, `sign` or `verify`.
func printSignHelp(w io.Writer, cmd string, fs *pflag.FlagSet) {
	fmt.Fprintf(w, "%s\nFlags:\n%s\nExit status: 0 success, 1 an error (one line saying what), 2 usage error.\n", signHelp[cmd], flagUsages(fs))
}
