// Package version holds zmlc's version: the one string that `zmlc --version`
// prints and that every bundle's manifest records (docs/BUNDLE.md).
package version

// Version is zmlc's version. It is a constant, not a build stamp, so that the
// same input gives the same bundle bytes however zmlc was built.
const Version = "0.1.0-dev"
