package source

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// s3Store is a bucket (or a folder of it) read with minio-go, cached under
// o.Cache/s3/BUCKET/KEY.
type s3Store struct {
	o      *Options
	client *minio.Client
	bucket string
	root   string // the cache folder of the bucket
}

var md5RE = regexp.MustCompile(`^[0-9a-f]{32}$`)

// newS3Store connects a client to o.S3Endpoint (AWS S3 when empty) with
// the standard credential chain (see the package documentation).
func newS3Store(l Location, o *Options) (*s3Store, error) {
	host, secure := "s3.amazonaws.com", true
	lookup := minio.BucketLookupAuto
	if o.S3Endpoint != "" {
		u, err := url.Parse(o.S3Endpoint)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return nil, fmt.Errorf("bad S3 endpoint %q (AWS_ENDPOINT_URL): want http(s)://HOST[:PORT]", o.S3Endpoint)
		}
		host, secure, lookup = u.Host, u.Scheme == "https", minio.BucketLookupPath
	}
	chain := []credentials.Provider{&credentials.EnvAWS{}, &credentials.FileAWSCredentials{}}
	if !truthy(os.Getenv("AWS_EC2_METADATA_DISABLED")) {
		chain = append(chain, &credentials.IAM{})
	}
	var transport http.RoundTripper
	if o.HTTPClient != nil && o.HTTPClient.Transport != nil {
		transport = o.HTTPClient.Transport
	}
	c, err := minio.New(host, &minio.Options{
		Creds: credentials.NewChainCredentials(chain), Secure: secure, Region: o.S3Region,
		BucketLookup: lookup, Transport: transport,
	})
	if err != nil {
		return nil, err
	}
	return &s3Store{o: o, client: c, bucket: l.Bucket, root: filepath.Join(o.Cache, "s3", l.Bucket)}, nil
}

func (s *s3Store) dir() string { return s.root }

func (s *s3Store) get(ctx context.Context, key string) (string, error) {
	loc := "s3://" + s.bucket + "/" + key
	info, err := s.client.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{Checksum: true})
	if err != nil {
		return "", s.explain(ctx, loc, err)
	}
	etag := strings.Trim(info.ETag, `"`)
	sum := checksum{}
	if b, err := base64.StdEncoding.DecodeString(info.ChecksumSHA256); err == nil && len(b) == 32 && info.ChecksumMode != "COMPOSITE" {
		sum = checksum{"sha256", hex.EncodeToString(b)}
	} else if md5RE.MatchString(etag) {
		sum = checksum{"md5", etag} // a single-part upload's ETag
	}
	core := minio.Core{Client: s.client}
	f := remoteFile{loc: loc, name: path.Base(key), size: info.Size, sum: sum,
		read: func(ctx context.Context, off, end int64) (io.ReadCloser, bool, error) {
			var opts minio.GetObjectOptions
			opts.SetMatchETag(etag) // every part of the same version
			if off > 0 || end >= 0 {
				e := end - 1
				if end < 0 {
					e = 0 // SetRange(off, 0): from off to the end
				}
				if err := opts.SetRange(off, e); err != nil {
					return nil, false, err
				}
			}
			body, _, _, err := core.GetObject(ctx, s.bucket, key, opts)
			if err != nil {
				return nil, false, s.explain(ctx, loc, err)
			}
			return body, false, nil
		}}
	if info.Size == 0 {
		f.size = 0
	}
	return s.o.fetchCached(ctx, f, s.root, key, cacheMeta{ETag: etag, Size: info.Size}, true)
}

// explain turns an S3 error into one clear error naming loc; a missing
// key wraps fs.ErrNotExist (a HEAD's 404 does not say whether the bucket
// exists, so BucketExists is asked).
func (s *s3Store) explain(ctx context.Context, loc string, err error) error {
	r := minio.ToErrorResponse(err)
	switch r.Code {
	case "NoSuchKey", "NotFound":
		if ok, berr := s.client.BucketExists(ctx, s.bucket); berr == nil && !ok {
			return fmt.Errorf("%s: bucket %q does not exist", loc, s.bucket)
		}
		return fmt.Errorf("%s: no such object: %w", loc, fs.ErrNotExist)
	case "NoSuchBucket":
		return fmt.Errorf("%s: bucket %q does not exist", loc, s.bucket)
	case "AccessDenied", "InvalidAccessKeyId", "SignatureDoesNotMatch", "Forbidden":
		return fmt.Errorf("%s: access denied (HTTP %d %s: check AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE or the bucket policy)", loc, r.StatusCode, r.Code)
	case "PreconditionFailed":
		return fmt.Errorf("%s: the object changed during the download (its ETag is no longer the one the download started with); run again", loc)
	}
	return fmt.Errorf("%s: %w", loc, err)
}
