package source

import (
	"fmt"
	"net/url"
	"path"
	"strings"
)

// Location is a parsed weights location (see the package documentation
// for the syntax).
type Location struct {
	// Scheme is "file" (a local path), "hf", "s3", "https" or "http".
	Scheme string
	// Path is the local path (Scheme "file").
	Path string
	// Repo ("ORG/NAME") and Revision ("main" unless given) name a Hub
	// repository (Scheme "hf").
	Repo, Revision string
	// Bucket is the S3 bucket (Scheme "s3"), Host the HTTP server
	// ("host[:port]", Scheme "http" or "https").
	Bucket, Host string
	// File is the slash-separated path inside the repository, bucket or
	// server ("" for a repository's root), without a leading slash.
	File string
	// Raw is the location as given.
	Raw string
}

// Parse parses a weights location. A string without "SCHEME://" is a
// local path; an unknown scheme, an hf:// location without ORG/NAME, an
// s3:// location without a bucket, or an http(s) URL without a host is an
// error naming the location. A Hub revision holding "/" (refs/pr/1) is
// written percent-encoded: hf://ORG/NAME@refs%2Fpr%2F1.
func Parse(loc string) (Location, error) {
	l := Location{Raw: loc}
	scheme, rest, ok := strings.Cut(loc, "://")
	if !ok {
		if loc == "" {
			return l, fmt.Errorf("empty weights location")
		}
		l.Scheme, l.Path = "file", loc
		return l, nil
	}
	bad := func(msg string) (Location, error) {
		return l, fmt.Errorf("weights location %q: %s", loc, msg)
	}
	switch scheme {
	case "hf":
		parts := strings.SplitN(rest, "/", 3)
		if len(parts) < 2 || parts[0] == "" || parts[1] == "" {
			return bad("want hf://ORG/NAME[@REVISION][/FILE]")
		}
		name, rev, hasRev := strings.Cut(parts[1], "@")
		if hasRev {
			r, err := url.PathUnescape(rev)
			if err != nil || r == "" {
				return bad("bad revision " + rev)
			}
			rev = r
		} else {
			rev = "main"
		}
		if name == "" || strings.ContainsAny(parts[0]+name, "@ ") {
			return bad("want hf://ORG/NAME[@REVISION][/FILE]")
		}
		l.Scheme, l.Repo, l.Revision = "hf", parts[0]+"/"+name, rev
		if len(parts) == 3 {
			l.File = strings.Trim(parts[2], "/")
		}
	case "s3":
		bucket, key, _ := strings.Cut(rest, "/")
		if bucket == "" {
			return bad("want s3://BUCKET/KEY")
		}
		l.Scheme, l.Bucket, l.File = "s3", bucket, strings.Trim(key, "/")
	case "http", "https":
		u, err := url.Parse(loc)
		if err != nil || u.Host == "" {
			return bad("want " + scheme + "://HOST/PATH")
		}
		if u.RawQuery != "" || u.Fragment != "" {
			return bad("a query or fragment is not supported")
		}
		l.Scheme, l.Host, l.File = scheme, u.Host, strings.Trim(u.Path, "/")
	default:
		return bad("unknown scheme " + scheme + ":// (want a path, hf://, s3://, https:// or http://)")
	}
	if l.File != "" && !cleanRel(l.File) {
		return bad("the path " + l.File + " must not contain empty, . or .. elements")
	}
	return l, nil
}

// cleanRel reports whether p is a clean relative slash path staying
// inside its root.
func cleanRel(p string) bool {
	return p != "" && path.Clean(p) == p && !path.IsAbs(p) && p != ".." && !strings.HasPrefix(p, "../") && !strings.Contains(p, "/../")
}

// String returns the location as given.
func (l Location) String() string { return l.Raw }

// NamesFile reports whether the location names one file rather than a
// folder: its last path element ends in ".safetensors", ".gguf" or
// ".json".
func (l Location) NamesFile() bool {
	p := l.File
	if l.Scheme == "file" {
		p = l.Path
	}
	return isFileName(p)
}

func isFileName(p string) bool {
	base := path.Base(strings.ReplaceAll(p, `\`, "/"))
	for _, ext := range []string{".safetensors", ".gguf", ".json"} {
		if strings.HasSuffix(base, ext) && len(base) > len(ext) {
			return true
		}
	}
	return false
}
