package vulkan

import (
	"errors"
	"fmt"
)

// memoryImportMax returns the maximum, in 64 KiB pages, of the memory a
// WebAssembly module imports (the host program's env.memory, whose whole
// reservation the launcher maps at a fixed base: docs/RUNTIME.md, section
// 1). It reads only the import section (WebAssembly core spec 5.5.5).
func memoryImportMax(wasm []byte) (uint64, error) {
	bad := func(what string) error {
		return fmt.Errorf("vulkan: the host program is not a valid module (%s)", what)
	}
	if len(wasm) < 8 || string(wasm[:4]) != "\x00asm" {
		return 0, bad("no magic number")
	}
	p := 8
	u := func() (uint64, error) {
		var v uint64
		for shift := 0; shift < 64; shift += 7 {
			if p >= len(wasm) {
				return 0, bad("truncated LEB128")
			}
			c := wasm[p]
			p++
			v |= uint64(c&0x7f) << shift
			if c&0x80 == 0 {
				return v, nil
			}
		}
		return 0, bad("LEB128 too long")
	}
	skip := func(n uint64) error {
		if n > uint64(len(wasm)-p) {
			return bad("truncated section")
		}
		p += int(n)
		return nil
	}
	for p < len(wasm) {
		id := wasm[p]
		p++
		size, err := u()
		if err != nil {
			return 0, err
		}
		end := p + int(size)
		if size > uint64(len(wasm)-p) {
			return 0, bad("section runs past the end")
		}
		if id != 2 {
			p = end
			continue
		}
		n, err := u()
		if err != nil {
			return 0, err
		}
		for range n {
			for range 2 { // module and field names
				l, err := u()
				if err != nil {
					return 0, err
				}
				if err := skip(l); err != nil {
					return 0, err
				}
			}
			if p >= end {
				return 0, bad("truncated import")
			}
			kind := wasm[p]
			p++
			limits := func() (min, max uint64, hasMax bool, err error) {
				if p >= end {
					return 0, 0, false, bad("truncated limits")
				}
				flags := wasm[p]
				p++
				if min, err = u(); err != nil {
					return
				}
				if flags&1 != 0 {
					max, err = u()
					hasMax = true
				}
				return
			}
			switch kind {
			case 0:
				if _, err := u(); err != nil {
					return 0, err
				}
			case 1:
				p++ // reference type
				if _, _, _, err := limits(); err != nil {
					return 0, err
				}
			case 2:
				_, max, hasMax, err := limits()
				if err != nil {
					return 0, err
				}
				if !hasMax {
					return 0, errors.New("vulkan: the host program's memory import has no maximum")
				}
				return max, nil
			case 3:
				p += 2 // value type, mutability
			default:
				return 0, bad(fmt.Sprintf("import kind %d", kind))
			}
		}
		p = end
	}
	return 0, errors.New("vulkan: the host program imports no memory")
}
