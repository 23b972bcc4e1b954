// Package source resolves a weights location — where a user keeps a
// model — to local files that readers memory-map (tensorio for
// safetensors, a GGUF reader for .gguf). One syntax serves every zmlc
// command (`--weights`) and the Go API (runtime.Options.Weights):
//
//	PATH                                 a local file or folder
//	hf://ORG/NAME[@REVISION][/FILE]      a Hugging Face Hub repository, or one file of it
//	s3://BUCKET/KEY                      an S3 object, or a folder when KEY names none of the files below
//	https://HOST/PATH, http://HOST/PATH  a file served over HTTP, or a folder likewise
//
// A location whose last element ends in ".safetensors", ".gguf" or ".json"
// (a model.safetensors.index.json) names that file; any other names a
// folder, read as Hugging Face lays a repository out: the shards listed by
// model.safetensors.index.json's weight_map, else model.safetensors, else
// (a local folder only) its one .gguf or .safetensors file. For a folder,
// the small files a model's readers need beside the weights (config.json,
// generation_config.json, tokenizer.json, tokenizer_config.json,
// tokenizer.model, special_tokens_map.json) are fetched too when present.
//
// Hugging Face: the Hub's file protocol (HEAD then GET of
// ENDPOINT/ORG/NAME/resolve/REVISION/FILE; relative redirects followed;
// the X-Repo-Commit, X-Linked-Etag and X-Linked-Size headers; the
// X-Error-Code header of errors), the endpoint from HF_ENDPOINT (default
// https://huggingface.co), HF_TOKEN (or the token file HF_TOKEN_PATH,
// default $HF_HOME/token) sent as a bearer token, and huggingface_hub's
// cache layout (file_download.py): HF_HUB_CACHE, default $HF_HOME/hub,
// default ~/.cache/huggingface/hub, holding
// models--ORG--NAME/{blobs/ETAG, snapshots/COMMIT/FILE → ../../blobs/ETAG,
// refs/REVISION, .no_exist/COMMIT/FILE} and .locks/models--ORG--NAME/ETAG.lock
// (flock, as Python's filelock takes it). A file already in the cache is
// read from it; HF_HUB_OFFLINE=1, or a network that cannot be reached,
// reads the cache only.
//
// S3: minio-go with the standard credential chain (AWS_ACCESS_KEY_ID,
// AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN; the shared credentials file
// AWS_SHARED_CREDENTIALS_FILE, default ~/.aws/credentials, profile
// AWS_PROFILE; the EC2/ECS instance role unless
// AWS_EC2_METADATA_DISABLED=true; else anonymous), the endpoint from
// AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL (path-style addressing; default
// AWS S3 in AWS_REGION), and ranged GETs pinned to the object's ETag.
// S3 and HTTP files are cached under ZMLC_WEIGHTS_CACHE (default
// $XDG_CACHE_HOME/zmlc/weights) as SCHEME/HOST-OR-BUCKET/PATH, and reused
// while the server's ETag (and size) are unchanged.
//
// Downloads stream into a ".incomplete" file (resumed with Range requests
// after an interruption), in parts of Options.PartSize fetched
// Options.Parallel at a time and written in order, hashed as they are
// written, and renamed into place only when their size and checksum are
// right: sha256 for the Hub's LFS files (their ETag), the git blob sha1 for
// its other files, an S3 object's full-object x-amz-checksum-sha256 or its
// MD5 ETag (single-part uploads), an HTTP server's Repr-Digest or Digest
// sha-256. A checksum mismatch deletes the download. Nothing partial is
// ever left where a complete file belongs. A progress bar goes to stderr
// when it is a terminal.
package source
