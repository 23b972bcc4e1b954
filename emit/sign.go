package emit

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/zmlc/zmlc/internal/atomicfile"
)

// Signature schemes of the header's signature block (docs/BUNDLE.md,
// "Signatures"; bundle format 3, docs/FORMAT3.md section 8).
const (
	// SignatureNone marks an unsigned bundle: the whole block is zero.
	SignatureNone uint32 = 0
	// SignatureEd25519 is an ed25519 signature (RFC 8032, crypto/ed25519)
	// over SignaturePrefix followed by header bytes 0-63.
	SignatureEd25519 uint32 = 1
)

// SignaturePrefix is prepended to header bytes 0-63 to form the signed
// message, so that a bundle signature cannot be mistaken for a signature
// of anything else made with the same key.
const SignaturePrefix = "zmlc bundle signature v1\x00"

// Signature is a bundle's signature block, header bytes 64-163. Header bytes
// 0-63 hold the manifest's sha256 and the manifest holds every blob's
// sha256, so a signature over them covers every byte of the bundle.
type Signature struct {
	// Scheme is SignatureNone or SignatureEd25519.
	Scheme uint32
	// KeyID is the signer's KeyID (zero when unsigned).
	KeyID [32]byte
	// Sig is the 64-byte ed25519 signature (zero when unsigned).
	Sig [ed25519.SignatureSize]byte
}

// KeyID returns the key id of an ed25519 public key: the sha256 of its raw
// 32 bytes. It panics if pub is not ed25519.PublicKeySize bytes.
func KeyID(pub ed25519.PublicKey) [32]byte {
	if len(pub) != ed25519.PublicKeySize {
		panic(fmt.Sprintf("emit: KeyID of a %d-byte ed25519 public key", len(pub)))
	}
	return sha256.Sum256(pub)
}

// ErrUnsigned is returned by VerifySignature for a bundle with no signature.
var ErrUnsigned = errors.New("the bundle is not signed")

// UnknownKeyError is returned by VerifySignature when the bundle is signed
// by a key that is not among the trusted ones.
type UnknownKeyError struct {
	// KeyID is the signer's key id.
	KeyID [32]byte
}

// Error says which key signed the bundle.
func (e *UnknownKeyError) Error() string {
	return fmt.Sprintf("the bundle is signed by key %s, which is not a trusted key", hex.EncodeToString(e.KeyID[:]))
}

// ErrBadSignature is returned by VerifySignature when the signature does not
// verify under the trusted key its key id names: the bundle was changed
// after it was signed, or the signature block is forged.
var ErrBadSignature = errors.New("the bundle's ed25519 signature does not verify with the trusted key it names (the bundle was changed after signing, or the signature is forged)")

// readSignature decodes and checks the signature block of a header page
// (len(data) >= HeaderSize; a shorter page than sigBlockEnd cannot be a
// bundle, since blobs and the manifest start at Align).
func readSignature(data []byte) (Signature, error) {
	var s Signature
	if len(data) < sigBlockEnd {
		return s, fmt.Errorf("file is %d bytes, shorter than the header page", len(data))
	}
	s.Scheme = binary.LittleEndian.Uint32(data[offSigScheme:])
	copy(s.KeyID[:], data[offSigKeyID:offSig])
	copy(s.Sig[:], data[offSig:sigBlockEnd])
	switch s.Scheme {
	case SignatureNone:
		if !allZero(data[offSigKeyID:sigBlockEnd]) {
			return s, fmt.Errorf("signature block [%d, %d) is not zero, but its scheme is 0 (unsigned)", offSigKeyID, sigBlockEnd)
		}
	case SignatureEd25519:
		if allZero(s.KeyID[:]) {
			return s, errors.New("signature block has scheme 1 (ed25519) but a zero key id")
		}
	default:
		return s, fmt.Errorf("unknown signature scheme %d (this zmlc knows 0, unsigned, and 1, ed25519)", s.Scheme)
	}
	return s, nil
}

// signedMessage returns SignaturePrefix followed by header, header bytes 0-63.
func signedMessage(header []byte) []byte {
	return append([]byte(SignaturePrefix), header[:HeaderSize]...)
}

// Signature returns the bundle's signature block, as Parse checked it.
func (b *Bundle) Signature() Signature { return b.sig }

// VerifySignature checks the bundle's signature against trusted, a list of
// ed25519 public keys. It returns the key that signed the bundle when the
// signature is valid; otherwise ErrUnsigned, an *UnknownKeyError (signed,
// but by none of trusted), or ErrBadSignature (the key id names a trusted
// key, but the signature does not verify). Keys that are not
// ed25519.PublicKeySize bytes are ignored.
func (b *Bundle) VerifySignature(trusted []ed25519.PublicKey) (ed25519.PublicKey, error) {
	if b.sig.Scheme == SignatureNone {
		return nil, ErrUnsigned
	}
	for _, k := range trusted {
		if len(k) != ed25519.PublicKeySize || KeyID(k) != b.sig.KeyID {
			continue
		}
		if !ed25519.Verify(k, signedMessage(b.header[:]), b.sig.Sig[:]) {
			return nil, ErrBadSignature
		}
		return k, nil
	}
	return nil, &UnknownKeyError{KeyID: b.sig.KeyID}
}

// SignFile signs the bundle at in with key and writes the signed bundle to
// out (which may be in): a copy of in whose header bytes 64-163 hold an
// ed25519 signature block, any previous signature replaced. The input is
// fully checked first (as Open does), and out is written atomically (see
// WriteFile), so on error out is untouched. Errors are Open's, or those of
// writing out.
func SignFile(in, out string, key ed25519.PrivateKey) error {
	if len(key) != ed25519.PrivateKeySize {
		return fmt.Errorf("emit: an ed25519 private key is %d bytes, not %d", ed25519.PrivateKeySize, len(key))
	}
	b, err := Open(in)
	if err != nil {
		return err
	}
	defer b.Close()
	block := make([]byte, sigBlockEnd-offSigScheme)
	binary.LittleEndian.PutUint32(block, SignatureEd25519)
	id := KeyID(key.Public().(ed25519.PublicKey))
	copy(block[offSigKeyID-offSigScheme:], id[:])
	copy(block[offSig-offSigScheme:], ed25519.Sign(key, signedMessage(b.header[:])))
	return atomicfile.Write(out, func(w io.Writer) error {
		for _, part := range [][]byte{b.data[:offSigScheme], block, b.data[sigBlockEnd:]} {
			if _, err := w.Write(part); err != nil {
				return err
			}
		}
		return nil
	})
}
