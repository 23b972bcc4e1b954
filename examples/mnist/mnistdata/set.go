package mnistdata

import (
	"fmt"
	"os"
	"path/filepath"
)

// Rows and Cols are the height and width of an MNIST image.
const (
	Rows   = 28
	Cols   = 28
	Pixels = Rows * Cols // bytes per image
)

// File names of the four idx files, as in the MNIST distribution. Each is
// looked for with its .gz suffix first, then without it.
const (
	TrainImagesFile = "train-images-idx3-ubyte.gz"
	TrainLabelsFile = "train-labels-idx1-ubyte.gz"
	TestImagesFile  = "t10k-images-idx3-ubyte.gz"
	TestLabelsFile  = "t10k-labels-idx1-ubyte.gz"
)

// Set is a list of labelled images held in memory.
type Set struct {
	// Images holds Len()*Pixels bytes: image i is Images[i*Pixels:(i+1)*Pixels],
	// row-major, 0 the background and 255 full ink. This is the layout of a
	// u8[n, 28, 28] tensor.
	Images []byte
	// Labels holds one digit 0..9 per image.
	Labels []uint8
}

// Len returns the number of images.
func (s *Set) Len() int { return len(s.Labels) }

// Image returns the Pixels bytes of image i (a sub-slice, not a copy).
func (s *Set) Image(i int) []byte { return s.Images[i*Pixels : (i+1)*Pixels : (i+1)*Pixels] }

// Batch returns the pixels of images i to i+n-1, n*Pixels bytes in the
// layout of a u8[n, 28, 28] tensor (a sub-slice, not a copy). It clips n to
// the images that exist.
func (s *Set) Batch(i, n int) []byte {
	n = min(n, s.Len()-i)
	return s.Images[i*Pixels : (i+n)*Pixels : (i+n)*Pixels]
}

// ReadSet reads an image file and its label file (gzip-compressed or not).
// It fails, naming the file, if either is malformed, if the images are not
// 28x28, if the counts differ, or if a label is above 9.
func ReadSet(imagesPath, labelsPath string) (*Set, error) {
	n, rows, cols, pix, err := ReadImages(imagesPath)
	if err != nil {
		return nil, err
	}
	if rows != Rows || cols != Cols {
		return nil, fmt.Errorf("mnistdata: %s: images are %dx%d, want %dx%d", imagesPath, rows, cols, Rows, Cols)
	}
	labels, err := ReadLabels(labelsPath)
	if err != nil {
		return nil, err
	}
	if len(labels) != n {
		return nil, fmt.Errorf("mnistdata: %s has %d labels but %s has %d images", labelsPath, len(labels), imagesPath, n)
	}
	for i, l := range labels {
		if l > 9 {
			return nil, fmt.Errorf("mnistdata: %s: label %d is %d, want 0 to 9", labelsPath, i, l)
		}
	}
	return &Set{Images: pix, Labels: labels}, nil
}

// LoadTrain reads the 60,000-image training set from the folder dir.
func LoadTrain(dir string) (*Set, error) {
	return loadPair(dir, TrainImagesFile, TrainLabelsFile)
}

// LoadTest reads the 10,000-image test set from the folder dir.
func LoadTest(dir string) (*Set, error) {
	return loadPair(dir, TestImagesFile, TestLabelsFile)
}

func loadPair(dir, images, labels string) (*Set, error) {
	ip, err := locate(dir, images)
	if err != nil {
		return nil, err
	}
	lp, err := locate(dir, labels)
	if err != nil {
		return nil, err
	}
	return ReadSet(ip, lp)
}

// locate returns dir/name if it exists, else dir/name without ".gz".
func locate(dir, name string) (string, error) {
	p := filepath.Join(dir, name)
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	plain := p[:len(p)-len(".gz")]
	if _, err := os.Stat(plain); err == nil {
		return plain, nil
	}
	return "", fmt.Errorf("mnistdata: %s: no %s (nor %s) in this folder", dir, name, filepath.Base(plain))
}

// hasFiles reports whether dir holds all four idx files.
func hasFiles(dir string) bool {
	for _, f := range []string{TrainImagesFile, TrainLabelsFile, TestImagesFile, TestLabelsFile} {
		if _, err := locate(dir, f); err != nil {
			return false
		}
	}
	return true
}
