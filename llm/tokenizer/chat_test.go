package tokenizer

import (
	"strings"
	"testing"
)

// TestChatTemplateSmolLM2 recognises SmolLM2's template from its GGUF and
// renders a conversation as the Jinja template would (worked by hand
// from the template text).
func TestChatTemplateSmolLM2(t *testing.T) {
	src, err := smolLM2(t).String("tokenizer.chat_template")
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := ParseChatTemplate(src)
	if err != nil {
		t.Fatal(err)
	}
	if tmpl.Name != "chatml" || tmpl.DefaultSystem != "You are a helpful AI assistant named SmolLM, trained by Hugging Face" {
		t.Fatalf("%+v", tmpl)
	}
	got := tmpl.Render([]Message{{"user", "Hi"}}, true)
	want := "<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n" +
		"<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	got = tmpl.Render([]Message{{"system", "Be brief."}, {"user", "Hi"}}, false)
	if got != "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n" {
		t.Errorf("with a system message: %q", got)
	}
}

func TestChatTemplateUnsupported(t *testing.T) {
	_, err := ParseChatTemplate("{% for m in messages %}[INST] {{ m['content'] }} [/INST]{% endfor %}")
	if err == nil || !strings.Contains(err.Error(), "not supported") || !strings.Contains(err.Error(), "[INST]") {
		t.Errorf("Mistral template: %v", err)
	}
}
