package vulkan

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"
)

// validationLog collects the messages of VK_LAYER_KHRONOS_validation for
// one device, through a VK_EXT_debug_utils messenger.
type validationLog struct {
	id   uintptr
	mu   sync.Mutex
	msgs []string
}

var (
	logsMu   sync.Mutex
	logs     = map[uintptr]*validationLog{}
	nextLog  uintptr
	cbOnce   sync.Once
	callback uintptr
)

// debugCallback is the PFN_vkDebugUtilsMessengerCallbackEXT shared by all
// devices (purego callbacks are a limited resource); the user-data word
// names the log.
func debugCallback(severity, types uint32, data *debugUtilsMessengerCallbackData, user uintptr) uint32 {
	logsMu.Lock()
	l := logs[user]
	logsMu.Unlock()
	if l == nil || data == nil {
		return 0
	}
	sev := "warning"
	if severity&0x1000 != 0 {
		sev = "error"
	}
	msg := fmt.Sprintf("%s: %s", sev, cstring(data.message))
	l.mu.Lock()
	l.msgs = append(l.msgs, msg)
	l.mu.Unlock()
	return 0
}

// cstring copies a NUL-terminated C string.
func cstring(p *byte) string {
	if p == nil {
		return ""
	}
	var b []byte
	for q := unsafe.Pointer(p); *(*byte)(q) != 0; q = unsafe.Add(q, 1) {
		b = append(b, *(*byte)(q))
	}
	return string(b)
}

// createInfo returns the messenger's create info (warnings and errors of
// the validation and performance kinds), registering the log.
func (l *validationLog) createInfo() *debugUtilsMessengerCreateInfo {
	cbOnce.Do(func() { callback = purego.NewCallback(debugCallback) })
	logsMu.Lock()
	nextLog++
	l.id = nextLog
	logs[l.id] = l
	logsMu.Unlock()
	return &debugUtilsMessengerCreateInfo{sType: stDebugUtilsMessengerCreateInfo,
		severity: 0x100 | 0x1000, types: 0x1 | 0x2 | 0x4, callback: callback, user: l.id}
}

// register creates the messenger on d's instance.
func (l *validationLog) register(d *Device) {
	f := instanceProc(d.inst, "vkCreateDebugUtilsMessengerEXT")
	if f == 0 {
		return
	}
	ci := l.createInfo()
	purego.SyscallN(f, d.inst, ptr(ci), 0, ptr(&d.messenger))
}

// unregister destroys the messenger and forgets the log.
func (l *validationLog) unregister(d *Device) {
	if d.messenger != 0 {
		if f := instanceProc(d.inst, "vkDestroyDebugUtilsMessengerEXT"); f != 0 {
			purego.SyscallN(f, d.inst, uintptr(d.messenger), 0)
		}
		d.messenger = 0
	}
}

// instanceProc returns an instance-level function pointer, or 0.
func instanceProc(inst uintptr, name string) uintptr {
	r, _, _ := purego.SyscallN(proc("vkGetInstanceProcAddr"), inst, ptr(cstr(name)))
	return r
}

// deviceProc returns a device-level function pointer, or 0.
func deviceProc(dev uintptr, name string) uintptr {
	r, _, _ := purego.SyscallN(proc("vkGetDeviceProcAddr"), dev, ptr(cstr(name)))
	return r
}

// ValidationMessages returns the validation layer's warnings and errors so
// far ("error: ..." or "warning: ..."); nil unless Config.Validation.
func (d *Device) ValidationMessages() []string {
	if d.validation == nil {
		return nil
	}
	d.validation.mu.Lock()
	defer d.validation.mu.Unlock()
	return append([]string(nil), d.validation.msgs...)
}
