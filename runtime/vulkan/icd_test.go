package vulkan

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// icdLibrary returns the library_path of a driver manifest ("" if
// unreadable).
func icdLibrary(manifest string) string {
	data, err := os.ReadFile(manifest)
	if err != nil {
		return ""
	}
	var m struct {
		ICD struct {
			LibraryPath string `json:"library_path"`
		}
	}
	if json.Unmarshal(data, &m) != nil {
		return ""
	}
	return m.ICD.LibraryPath
}

// TestOneDriverLoaded checks chooseManifest: the device opened with only
// the chosen driver loaded is the one picked with every driver loaded,
// and while it is open no other manifest's driver library is mapped.
func TestOneDriverLoaded(t *testing.T) {
	needDevice(t)
	if userPicksDrivers() {
		t.Skip("the environment chooses the Vulkan drivers")
	}
	var all string
	{
		app := &applicationInfo{sType: stApplicationInfo, appName: cstr("zmlc"), engineName: cstr("zmlc"), apiVersion: apiVersion12}
		ici := &instanceCreateInfo{sType: stInstanceCreateInfo, appInfo: app}
		var inst uintptr
		if err := check("vkCreateInstance", call("vkCreateInstance", ptr(ici), 0, ptr(&inst))); err != nil {
			t.Fatal(err)
		}
		p, ok, names := pickDevice(inst, "")
		call("vkDestroyInstance", inst, 0)
		if !ok {
			t.Fatalf("no device picked among %v", names)
		}
		all = p.name
	}
	manifests := icdManifests()
	choice := chooseManifest("")
	t.Logf("manifests %v; chosen %q", manifests, choice)
	if len(manifests) > 1 && choice == "" {
		t.Errorf("%d driver manifests, none chosen for device %s", len(manifests), all)
	}
	d, err := OpenConfig(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if d.Name != all {
		t.Errorf("opened %q with driver %s alone; with every driver the pick is %q", d.Name, choice, all)
	}
	if choice == "" {
		return
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip(err)
	}
	for _, m := range manifests {
		lib := icdLibrary(m)
		if lib == "" {
			continue
		}
		mapped := strings.Contains(string(maps), "/"+filepath.Base(lib)+"\n")
		if m == choice && !mapped {
			t.Errorf("the chosen driver %s is not mapped", lib)
		}
		if m != choice && mapped {
			t.Errorf("driver %s (%s) is mapped although %s holds the device", lib, m, choice)
		}
	}
}
