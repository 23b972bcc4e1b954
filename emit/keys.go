package emit

import (
	"crypto/ed25519"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"os"
)

// Key files are PEM (RFC 7468): a private key is a "PRIVATE KEY" block
// holding PKCS#8 (RFC 5208, RFC 8410 for ed25519), a public key a
// "PUBLIC KEY" block holding a PKIX SubjectPublicKeyInfo (RFC 5280), the
// formats `openssl genpkey -algorithm ed25519` and `openssl pkey -pubout`
// write. They are encoded and decoded with crypto/x509 and encoding/pem.

// MarshalPrivateKeyPEM encodes key as a PKCS#8 "PRIVATE KEY" PEM block.
func MarshalPrivateKeyPEM(key ed25519.PrivateKey) ([]byte, error) {
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), nil
}

// MarshalPublicKeyPEM encodes pub as a PKIX "PUBLIC KEY" PEM block.
func MarshalPublicKeyPEM(pub ed25519.PublicKey) ([]byte, error) {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}), nil
}

// ParsePrivateKeyPEM decodes an ed25519 private key from a PKCS#8
// "PRIVATE KEY" PEM block. Errors say what the data is instead: not PEM,
// another block type (such as a public key), or another algorithm.
func ParsePrivateKeyPEM(data []byte) (ed25519.PrivateKey, error) {
	der, err := pemBlock(data, "PRIVATE KEY", "a private key")
	if err != nil {
		return nil, err
	}
	k, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, fmt.Errorf("not a PKCS#8 private key: %v", err)
	}
	ek, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("the private key is %s, want ed25519", keyKind(k))
	}
	return ek, nil
}

// ParsePublicKeyPEM decodes an ed25519 public key from a PKIX "PUBLIC KEY"
// PEM block, with errors as ParsePrivateKeyPEM's.
func ParsePublicKeyPEM(data []byte) (ed25519.PublicKey, error) {
	der, err := pemBlock(data, "PUBLIC KEY", "a public key (the .pub file)")
	if err != nil {
		return nil, err
	}
	k, err := x509.ParsePKIXPublicKey(der)
	if err != nil {
		return nil, fmt.Errorf("not a PKIX public key: %v", err)
	}
	ek, ok := k.(ed25519.PublicKey)
	if !ok {
		return nil, fmt.Errorf("the public key is %s, want ed25519", keyKind(k))
	}
	return ek, nil
}

// ReadPrivateKeyFile reads an ed25519 private key (ParsePrivateKeyPEM) from
// path; errors start with path.
func ReadPrivateKeyFile(path string) (ed25519.PrivateKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	k, err := ParsePrivateKeyPEM(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return k, nil
}

// ReadPublicKeyFile reads an ed25519 public key (ParsePublicKeyPEM) from
// path; errors start with path.
func ReadPublicKeyFile(path string) (ed25519.PublicKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	k, err := ParsePublicKeyPEM(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return k, nil
}

// pemBlock returns the bytes of data's first PEM block, which must be of
// type want (what describes it in errors).
func pemBlock(data []byte, want, what string) ([]byte, error) {
	b, _ := pem.Decode(data)
	if b == nil {
		return nil, fmt.Errorf("not a PEM file: want %s in a %q PEM block", what, want)
	}
	if b.Type != want {
		return nil, fmt.Errorf("PEM block is %q, want %q: %s", b.Type, want, "pass "+what)
	}
	return b.Bytes, nil
}

// keyKind names a key's algorithm from its Go type.
func keyKind(k any) string {
	switch fmt.Sprintf("%T", k) {
	case "*rsa.PrivateKey", "*rsa.PublicKey":
		return "RSA"
	case "*ecdsa.PrivateKey", "*ecdsa.PublicKey":
		return "ECDSA"
	case "*ecdh.PrivateKey", "*ecdh.PublicKey":
		return "X25519/ECDH"
	}
	return fmt.Sprintf("%T", k)
}
