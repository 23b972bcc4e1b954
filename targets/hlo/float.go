package hlo

import "strconv"

// strconvFormat is strconv's shortest exact formatting at the given width.
func strconvFormat(v float64, bits int) string {
	return strconv.FormatFloat(v, 'g', -1, bits)
}
