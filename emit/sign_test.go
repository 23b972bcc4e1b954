package emit

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/binary"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testKey returns a fixed ed25519 key pair (from a seed, so that failures
// are reproducible).
func testKey(seed byte) (ed25519.PublicKey, ed25519.PrivateKey) {
	priv := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{seed}, ed25519.SeedSize))
	return priv.Public().(ed25519.PublicKey), priv
}

// signedSample writes the sample bundle, signs it with priv into another
// file, and returns both files' bytes.
func signedSample(t *testing.T, priv ed25519.PrivateKey) (unsigned, signed []byte) {
	t.Helper()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.zpkg"), filepath.Join(dir, "out.zpkg")
	unsigned = encodeSample(t)
	if err := os.WriteFile(in, unsigned, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := SignFile(in, out, priv); err != nil {
		t.Fatal(err)
	}
	signed, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return unsigned, signed
}

func TestSignVerifyRoundTrip(t *testing.T) {
	pub, priv := testKey(1)
	other, _ := testKey(2)
	unsigned, signed := signedSample(t, priv)
	if len(signed) != len(unsigned) {
		t.Fatalf("signing changed the size from %d to %d", len(unsigned), len(signed))
	}
	for i := range signed {
		if (i < offSigScheme || i >= sigBlockEnd) && signed[i] != unsigned[i] {
			t.Fatalf("signing changed byte %d, outside the signature block", i)
		}
	}
	b, err := Parse(signed)
	if err != nil {
		t.Fatal(err)
	}
	sig := b.Signature()
	if sig.Scheme != SignatureEd25519 || sig.KeyID != KeyID(pub) {
		t.Errorf("signature block: scheme %d key %x, want 1 and %x", sig.Scheme, sig.KeyID, KeyID(pub))
	}
	k, err := b.VerifySignature([]ed25519.PublicKey{other, pub})
	if err != nil || !k.Equal(pub) {
		t.Fatalf("VerifySignature = %x, %v; want the signing key", k, err)
	}
	var uk *UnknownKeyError
	if _, err := b.VerifySignature([]ed25519.PublicKey{other}); !errors.As(err, &uk) || uk.KeyID != KeyID(pub) {
		t.Errorf("VerifySignature with another key: %v, want an UnknownKeyError naming the signer", err)
	}
	ub, err := Parse(unsigned)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ub.VerifySignature([]ed25519.PublicKey{pub}); err != ErrUnsigned {
		t.Errorf("unsigned bundle: %v, want ErrUnsigned", err)
	}
	// The signature is ed25519 over the documented message, so any
	// implementation can check it.
	msg := append([]byte("zmlc bundle signature v1\x00"), signed[:64]...)
	if !ed25519.Verify(pub, msg, signed[100:164]) {
		t.Error("the signature at bytes 100-163 does not verify over the documented message")
	}
}

// TestResignInPlace signs a bundle over itself, then with another key: the
// second signature replaces the first.
func TestResignInPlace(t *testing.T) {
	pub1, priv1 := testKey(1)
	pub2, priv2 := testKey(2)
	path := filepath.Join(t.TempDir(), "b.zpkg")
	if err := os.WriteFile(path, encodeSample(t), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, k := range []struct {
		pub  ed25519.PublicKey
		priv ed25519.PrivateKey
	}{{pub1, priv1}, {pub2, priv2}} {
		if err := SignFile(path, path, k.priv); err != nil {
			t.Fatal(err)
		}
		b, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := b.VerifySignature([]ed25519.PublicKey{pub1, pub2})
		b.Close()
		if err != nil || !got.Equal(k.pub) {
			t.Fatalf("after signing in place: %x, %v", got, err)
		}
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("signing in place changed the mode: %v %v", st.Mode(), err)
	}
}

// TestTamperedSignedBundle changes bytes of a signed bundle: every change
// to the header, the signature block, the manifest or a blob is caught,
// by Parse (checksums, layout) or by VerifySignature.
func TestTamperedSignedBundle(t *testing.T) {
	pub, priv := testKey(1)
	_, signed := signedSample(t, priv)
	trusted := []ed25519.PublicKey{pub}
	caught := func(d []byte) bool {
		b, err := Parse(d)
		if err != nil {
			return true
		}
		defer b.Close()
		_, err = b.VerifySignature(trusted)
		return err != nil
	}
	for i := 0; i < len(signed); i++ {
		if i >= sigBlockEnd && i < Align || i > Align && i%53 != 0 && i < len(signed)-2048 {
			continue
		}
		d := append([]byte{}, signed...)
		d[i] ^= 1
		if !caught(d) {
			t.Errorf("flipping byte %d of a signed bundle went unnoticed", i)
		}
	}
	// A consistent forgery: a new manifest with the header's checksum and
	// size fixed passes Parse, but not the signature.
	forged := editManifest(t, signed, func(m map[string]any) { m["dims"].(map[string]any)["a"] = 2 })
	b, err := Parse(forged)
	if err != nil {
		t.Fatalf("the forged bundle should be well-formed: %v", err)
	}
	if _, err := b.VerifySignature(trusted); err != ErrBadSignature {
		t.Errorf("forged manifest: %v, want ErrBadSignature", err)
	}
	// A blob replaced with its manifest entry and the header fixed.
	ptx := b.Manifest.Blobs[1]
	d := append([]byte{}, signed...)
	d[ptx.Offset] = '#'
	d = editManifest(t, d, func(m map[string]any) {
		m["blobs"].([]any)[1].(map[string]any)["sha256"] = sha256Hex(d[ptx.Offset : ptx.Offset+ptx.Size])
	})
	if b, err := Parse(d); err != nil {
		t.Fatalf("the re-hashed bundle should be well-formed: %v", err)
	} else if _, err := b.VerifySignature(trusted); err != ErrBadSignature {
		t.Errorf("replaced blob: %v, want ErrBadSignature", err)
	}
	// The signature block of another key's signature, key id kept.
	_, other := signedSample(t, ed25519.NewKeyFromSeed(bytes.Repeat([]byte{9}, 32)))
	d = append([]byte{}, signed...)
	copy(d[offSig:sigBlockEnd], other[offSig:sigBlockEnd])
	if b, err := Parse(d); err != nil {
		t.Fatal(err)
	} else if _, err := b.VerifySignature(trusted); err != ErrBadSignature {
		t.Errorf("swapped signature: %v, want ErrBadSignature", err)
	}
}

func TestSignFileChecksInput(t *testing.T) {
	_, priv := testKey(1)
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.zpkg"), filepath.Join(dir, "out.zpkg")
	bad := encodeSample(t)
	bad[len(bad)-3] ^= 1 // in the manifest
	if err := os.WriteFile(in, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	var fe *FormatError
	if err := SignFile(in, out, priv); !errors.As(err, &fe) {
		t.Fatalf("signing a corrupt bundle: %v, want a FormatError", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("signing a corrupt bundle left %s: %v", out, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("signing a corrupt bundle left files: %v", entries)
	}
}

func TestKeyPEM(t *testing.T) {
	pub, priv := testKey(3)
	privPEM, err := MarshalPrivateKeyPEM(priv)
	if err != nil {
		t.Fatal(err)
	}
	pubPEM, err := MarshalPublicKeyPEM(pub)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(privPEM), "-----BEGIN PRIVATE KEY-----\n") || !strings.HasPrefix(string(pubPEM), "-----BEGIN PUBLIC KEY-----\n") {
		t.Errorf("PEM block types:\n%s%s", privPEM, pubPEM)
	}
	if k, err := ParsePrivateKeyPEM(privPEM); err != nil || !k.Equal(priv) {
		t.Errorf("private key round trip: %v", err)
	}
	if k, err := ParsePublicKeyPEM(pubPEM); err != nil || !k.Equal(pub) {
		t.Errorf("public key round trip: %v", err)
	}
	// The PKIX encoding of an ed25519 key is fixed (RFC 8410 section 4):
	// a 12-byte prefix and the raw key.
	blk, _ := pem.Decode(pubPEM)
	if want := append([]byte{0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00}, pub...); !bytes.Equal(blk.Bytes, want) {
		t.Errorf("PKIX DER %x, want %x", blk.Bytes, want)
	}

	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ecDER, _ := x509.MarshalPKIXPublicKey(&ec.PublicKey)
	ecPub := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: ecDER})
	ecDER, _ = x509.MarshalPKCS8PrivateKey(ec)
	ecPriv := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: ecDER})
	for _, tc := range []struct {
		name string
		data []byte
		pub  bool
		want string
	}{
		{"private as public", privPEM, true, `PEM block is "PRIVATE KEY", want "PUBLIC KEY": pass a public key (the .pub file)`},
		{"public as private", pubPEM, false, `PEM block is "PUBLIC KEY", want "PRIVATE KEY": pass a private key`},
		{"not PEM", []byte("hello"), true, `not a PEM file: want a public key (the .pub file) in a "PUBLIC KEY" PEM block`},
		{"raw key", pub, true, "not a PEM file"},
		{"ecdsa public", ecPub, true, "the public key is ECDSA, want ed25519"},
		{"ecdsa private", ecPriv, false, "the private key is ECDSA, want ed25519"},
		{"garbage DER", pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: []byte{1, 2, 3}}), true, "not a PKIX public key: "},
	} {
		var err error
		if tc.pub {
			_, err = ParsePublicKeyPEM(tc.data)
		} else {
			_, err = ParsePrivateKeyPEM(tc.data)
		}
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
	path := filepath.Join(t.TempDir(), "k.pub")
	os.WriteFile(path, privPEM, 0o600)
	if _, err := ReadPublicKeyFile(path); err == nil || !strings.HasPrefix(err.Error(), path+": PEM block is") {
		t.Errorf("ReadPublicKeyFile: %v, want an error naming %s", err, path)
	}
}

// TestSignatureBlockLayout checks the documented offsets directly.
func TestSignatureBlockLayout(t *testing.T) {
	pub, priv := testKey(4)
	_, signed := signedSample(t, priv)
	if s := binary.LittleEndian.Uint32(signed[64:]); s != 1 {
		t.Errorf("scheme at byte 64 is %d, want 1", s)
	}
	if id := KeyID(pub); !bytes.Equal(signed[68:100], id[:]) {
		t.Errorf("key id at bytes 68-99 is %x, want %x", signed[68:100], id)
	}
	if !allZero(signed[164:Align]) {
		t.Error("header page not zero after byte 164")
	}
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
