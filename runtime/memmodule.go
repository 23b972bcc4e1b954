package runtime

// memoryModule returns the binary of a Wasm module that defines one shared
// memory of min to max 64 KiB pages and exports it as "memory": the `env`
// module whose memory every instance of the host program imports
// (docs/RUNTIME.md, section 1).
func memoryModule(min, max uint32) []byte {
	b := []byte{0x00, 'a', 's', 'm', 0x01, 0x00, 0x00, 0x00}
	// Memory section: one memory, limits flag 3 (has max, shared).
	mem := []byte{0x01, 0x03}
	mem = appendULEB(mem, uint64(min))
	mem = appendULEB(mem, uint64(max))
	b = appendSection(b, 5, mem)
	// Export section: "memory" -> memory 0.
	exp := []byte{0x01, 0x06, 'm', 'e', 'm', 'o', 'r', 'y', 0x02, 0x00}
	return appendSection(b, 7, exp)
}

// appendSection appends a section with its id and size.
func appendSection(b []byte, id byte, body []byte) []byte {
	b = append(b, id)
	b = appendULEB(b, uint64(len(body)))
	return append(b, body...)
}

// appendULEB appends v in unsigned LEB128.
func appendULEB(b []byte, v uint64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v != 0 {
			b = append(b, c|0x80)
			continue
		}
		return append(b, c)
	}
}
