package runtime

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/emit"
)

// trustKey returns a fixed ed25519 key pair.
func trustKey(seed byte) (ed25519.PublicKey, ed25519.PrivateKey) {
	priv := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{seed}, ed25519.SeedSize))
	return priv.Public().(ed25519.PublicKey), priv
}

// trustBundle writes testManifest's bundle for target (with the recording
// driver's "ptx" module unless target is wasm), signed with priv when it
// is not nil, and returns its path and the weights'.
func trustBundle(t *testing.T, target string, priv ed25519.PrivateKey) (bundle, weights string) {
	t.Helper()
	format := "ptx"
	if target == "wasm" {
		format = emit.FormatWasmSelf
	}
	bundle, weights, _ = testBundle(t, format)
	if target != "wasm" {
		m, blobs := testManifest(format)
		m.Target.Name = target
		if err := emit.WriteFile(bundle, m, blobs); err != nil {
			t.Fatal(err)
		}
	}
	if priv != nil {
		if err := emit.SignFile(bundle, bundle, priv); err != nil {
			t.Fatal(err)
		}
	}
	return bundle, weights
}

// openTrust opens bundle under p with a recording driver for native
// targets, and returns the driver with Open's error.
func openTrust(t *testing.T, bundle, weights string, p TrustPolicy) (*RecordingDriver, error) {
	t.Helper()
	d := &RecordingDriver{}
	opts := Options{Weights: weights, Trust: p}
	b, err := emit.Open(bundle)
	if err != nil {
		t.Fatal(err)
	}
	if b.Manifest.Target.Name != "wasm" {
		opts.Driver = d
	}
	rt, err := OpenBundle(b, opts)
	if err == nil {
		rt.Close()
	}
	return d, err
}

// refusedBeforeLoading asserts that err is a refusal mentioning want and
// that the driver was never initialised nor asked to load a module.
func refusedBeforeLoading(t *testing.T, d *RecordingDriver, err error, want string) {
	t.Helper()
	if !errors.Is(err, ErrUntrusted) || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Errorf("error %v, want one line wrapping ErrUntrusted with %q", err, want)
	}
	if d.env != nil || len(d.Calls) != 0 {
		t.Errorf("the driver was used before the refusal: init %v, calls %q", d.env != nil, d.Calls)
	}
}

func TestTrustPolicy(t *testing.T) {
	pub, priv := trustKey(1)
	otherPub, otherPriv := trustKey(2)
	require := TrustPolicy{TrustedKeys: []ed25519.PublicKey{pub}, RequireSigned: true}

	for _, target := range []string{"cpu", "cuda", "rocm", "vulkan"} {
		bundle, weights := trustBundle(t, target, nil)
		d, err := openTrust(t, bundle, weights, require)
		refusedBeforeLoading(t, d, err, "a "+target+" bundle runs native code and is not signed")
	}

	// Unsigned cpu bundles load without the policy: the driver then loads
	// the module.
	bundle, weights := trustBundle(t, "cpu", nil)
	if d, err := openTrust(t, bundle, weights, TrustPolicy{}); err != nil || len(d.Calls) == 0 || d.Calls[0] != "load_module 0" {
		t.Fatalf("unsigned cpu bundle without a policy: %v, calls %q", err, d.Calls)
	}

	// Signed by the trusted key: loaded.
	bundle, weights = trustBundle(t, "cpu", priv)
	if d, err := openTrust(t, bundle, weights, require); err != nil || len(d.Calls) == 0 {
		t.Fatalf("signed cpu bundle: %v, calls %q", err, d.Calls)
	}

	// Signed by another key: refused under the policy, naming the key;
	// loaded without it (the signature cannot be checked).
	bundle, weights = trustBundle(t, "cpu", otherPriv)
	id := emit.KeyID(otherPub)
	d, err := openTrust(t, bundle, weights, require)
	refusedBeforeLoading(t, d, err, "signed by key "+hex.EncodeToString(id[:])+", which is not a trusted key")
	d, err = openTrust(t, bundle, weights, TrustPolicy{RequireSigned: true})
	refusedBeforeLoading(t, d, err, "but no key is trusted")
	if _, err := openTrust(t, bundle, weights, TrustPolicy{}); err != nil {
		t.Errorf("cpu bundle by an unknown key without the policy: %v", err)
	}

	// A signature that fails is refused whatever the policy and target.
	for _, target := range []string{"cpu", "wasm"} {
		bundle, weights = forgedBundle(t, target, priv)
		d, err = openTrust(t, bundle, weights, TrustPolicy{TrustedKeys: []ed25519.PublicKey{pub}})
		refusedBeforeLoading(t, d, err, "signature does not verify")
	}

	// A wasm bundle is sandboxed: unsigned or by an unknown key, it loads.
	for _, k := range []ed25519.PrivateKey{nil, otherPriv} {
		bundle, weights = trustBundle(t, "wasm", k)
		if _, err := openTrust(t, bundle, weights, require); err != nil {
			t.Errorf("wasm bundle under require-signed: %v", err)
		}
	}
}

// forgedBundle writes a bundle for target whose signature block is that of
// another bundle signed by priv: well-formed, naming priv's key, but not
// verifying.
func forgedBundle(t *testing.T, target string, priv ed25519.PrivateKey) (bundle, weights string) {
	t.Helper()
	bundle, weights = trustBundle(t, target, nil)
	m, blobs := testManifest("ptx")
	m.Target = emit.Target{Name: "cpu", Options: map[string]string{"other": "1"}}
	src := filepath.Join(t.TempDir(), "other.zpkg")
	if err := emit.WriteFile(src, m, blobs); err != nil {
		t.Fatal(err)
	}
	if err := emit.SignFile(src, src, priv); err != nil {
		t.Fatal(err)
	}
	signed, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(bundle)
	if err != nil {
		t.Fatal(err)
	}
	copy(data[64:164], signed[64:164])
	if err := os.WriteFile(bundle, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return bundle, weights
}

func TestTrustPolicyFromEnv(t *testing.T) {
	pub, priv := trustKey(1)
	dir := t.TempDir()
	pubPEM, err := emit.MarshalPublicKeyPEM(pub)
	if err != nil {
		t.Fatal(err)
	}
	privPEM, err := emit.MarshalPrivateKeyPEM(priv)
	if err != nil {
		t.Fatal(err)
	}
	keyFile, privFile := filepath.Join(dir, "k.pub"), filepath.Join(dir, "k")
	os.WriteFile(keyFile, pubPEM, 0o644)
	os.WriteFile(privFile, privPEM, 0o600)

	unsigned, weights := trustBundle(t, "cpu", nil)
	signed, _ := trustBundle(t, "cpu", priv)

	t.Setenv(EnvRequireSigned, "1")
	t.Setenv(EnvTrustedKeys, "")
	d, err := openTrust(t, unsigned, weights, TrustPolicy{})
	refusedBeforeLoading(t, d, err, "ZMLC_REQUIRE_SIGNED=1")
	d, err = openTrust(t, signed, weights, TrustPolicy{})
	refusedBeforeLoading(t, d, err, "no key is trusted")
	// Keys from the environment and from Options are both trusted.
	if _, err := openTrust(t, signed, weights, TrustPolicy{TrustedKeys: []ed25519.PublicKey{pub}}); err != nil {
		t.Errorf("key from Options: %v", err)
	}
	t.Setenv(EnvTrustedKeys, filepath.Join(dir, "missing.pub")+string(os.PathListSeparator)+keyFile)
	if _, err := openTrust(t, signed, weights, TrustPolicy{}); err == nil || !strings.Contains(err.Error(), "ZMLC_TRUSTED_KEYS: open "+filepath.Join(dir, "missing.pub")) {
		t.Errorf("missing key file: %v", err)
	}
	t.Setenv(EnvTrustedKeys, keyFile)
	if _, err := openTrust(t, signed, weights, TrustPolicy{}); err != nil {
		t.Errorf("key from %s: %v", EnvTrustedKeys, err)
	}
	t.Setenv(EnvTrustedKeys, privFile)
	if _, err := openTrust(t, signed, weights, TrustPolicy{}); err == nil || !strings.Contains(err.Error(), `ZMLC_TRUSTED_KEYS: `+privFile+`: PEM block is "PRIVATE KEY", want "PUBLIC KEY"`) {
		t.Errorf("private key as a trusted key: %v", err)
	}
	t.Setenv(EnvTrustedKeys, "")
	t.Setenv(EnvRequireSigned, "yes")
	if _, err := openTrust(t, unsigned, weights, TrustPolicy{}); err == nil || !strings.Contains(err.Error(), `ZMLC_REQUIRE_SIGNED="yes": want 1`) {
		t.Errorf("ZMLC_REQUIRE_SIGNED=yes: %v", err)
	}
	t.Setenv(EnvRequireSigned, "0")
	if _, err := openTrust(t, unsigned, weights, TrustPolicy{}); err != nil {
		t.Errorf("ZMLC_REQUIRE_SIGNED=0: %v", err)
	}
}
