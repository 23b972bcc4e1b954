package emit

// Magic is the first 8 bytes of every bundle. Like PNG's signature it holds
// a non-ASCII byte, a CR LF pair and a ^Z, so that text-mode transfers and
// truncation to 7 bits are detected.
const Magic = "\x89ZPKG\r\n\x1a"

// FormatVersion is the bundle format version this package writes and reads.
// Version 2 added entries' prologue (Entry.Prologue). Version 3
// (docs/FORMAT3.md) is the one revision for dynamic sizes, state,
// collectives, whole-program executables, checks, launch extents and
// signatures; this package reads and writes its checks (Entry.Checks, two
// frame slots each), XLA executables (FormatMLIR, KernelArg.DType/Shape)
// and the header's signature block. A launcher that ignored checks would
// give the host program a frame too small, so older readers must reject
// version 3 bundles, and this reader rejects older ones (recompile them).
const FormatVersion = 3

// Align is the alignment of every blob and of the manifest in the file.
const Align = 4096

// HeaderSize is the size of the header's fields; the rest of the first
// Align bytes are zero.
const HeaderSize = 64

// MaxManifestSize bounds the manifest's size, in bytes.
const MaxManifestSize = 256 << 20

// The header's field offsets (docs/BUNDLE.md, "Layout").
const (
	offMagic       = 0  // 8 bytes
	offVersion     = 8  // u32
	offReserved    = 12 // u32, zero
	offManifestOff = 16 // u64
	offManifestLen = 24 // u64
	offManifestSum = 32 // 32 bytes: sha256 of the manifest
)

// The signature block's offsets in the header page (docs/BUNDLE.md,
// "Signatures"; part of bundle format 3, docs/FORMAT3.md section 8).
const (
	offSigScheme = 64  // u32: SignatureNone or SignatureEd25519
	offSigKeyID  = 68  // 32 bytes: KeyID of the signer's public key
	offSig       = 100 // 64 bytes: the ed25519 signature
	sigBlockEnd  = 164 // first byte after the block; the rest of the page is zero
)

// alignUp rounds n up to a multiple of Align.
func alignUp(n int64) int64 { return (n + Align - 1) &^ (Align - 1) }
