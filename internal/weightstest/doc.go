// Package weightstest holds test fixtures for weights locations: real
// checkpoints written as safetensors (stories260K from llama2.c's format,
// split into shards with an index), a loopback server speaking the Hugging
// Face Hub's file protocol, and a SeaweedFS S3 server started on loopback.
// It is imported by tests only.
package weightstest
