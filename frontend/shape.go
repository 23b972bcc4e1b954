package frontend

import (
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Dim is one dimension of a value: its size and, optionally, its name.
type Dim struct {
	Name string
	Size int64
}

// Shape is the list of a value's dimensions, outermost first.
type Shape []Dim

// Sizes returns the dimension sizes.
func (s Shape) Sizes() []int64 {
	r := make([]int64, len(s))
	for i, d := range s {
		r[i] = d.Size
	}
	return r
}

// Names returns the dimension names ("" for an unnamed one).
func (s Shape) Names() []string {
	r := make([]string, len(s))
	for i, d := range s {
		r[i] = d.Name
	}
	return r
}

// Index returns the position of the dimension called name, or -1.
func (s Shape) Index(name string) int {
	if name == "" {
		return -1
	}
	for i, d := range s {
		if d.Name == name {
			return i
		}
	}
	return -1
}

// Clone returns a copy of s.
func (s Shape) Clone() Shape { return append(Shape{}, s...) }

// NumElements returns the product of the sizes.
func (s Shape) NumElements() int64 {
	n := int64(1)
	for _, d := range s {
		n *= d.Size
	}
	return n
}

// String prints the shape as .zml writes it: `[b=64, hid=500, 28]`.
func (s Shape) String() string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = d.String()
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// String prints `hid=500` or `28`.
func (d Dim) String() string {
	if d.Name == "" {
		return strconv.FormatInt(d.Size, 10)
	}
	return d.Name + "=" + strconv.FormatInt(d.Size, 10)
}

// typeString prints a value's type as .zml writes it: `f32[b=64, 28]`,
// or `f32` for a scalar.
func typeString(e ir.ElementType, s Shape) string {
	if len(s) == 0 {
		return dtypeName(e)
	}
	return dtypeName(e) + s.String()
}

// checkUniqueNames returns the first name that occurs twice in s, or "".
func checkUniqueNames(s Shape) string {
	seen := map[string]bool{}
	for _, d := range s {
		if d.Name == "" {
			continue
		}
		if seen[d.Name] {
			return d.Name
		}
		seen[d.Name] = true
	}
	return ""
}
