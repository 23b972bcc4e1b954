package tokenizer

import (
	"fmt"
	"strings"
)

// Message is one turn of a conversation.
type Message struct {
	Role    string // "system", "user" or "assistant"
	Content string
}

// ChatTemplate renders conversations into a model's prompt format. zmlc
// has no Jinja engine: ParseChatTemplate recognises the templates it
// implements by their text.
type ChatTemplate struct {
	// Name is "chatml".
	Name string
	// DefaultSystem is the system message the template inserts when the
	// conversation has none ("" for none).
	DefaultSystem string
	// Stop lists the texts that end the assistant's turn
	// ("<|im_end|>").
	Stop []string
}

// chatMLTurn is the loop body every ChatML template has, with spaces
// removed: '<|im_start|>' + role + newline + content + '<|im_end|>' + newline.
const chatMLTurn = `{{'<|im_start|>'+message['role']+'\n'+message['content']+'<|im_end|>'+'\n'}}`

// ParseChatTemplate recognises a tokenizer.chat_template (Jinja source).
// Supported: ChatML (<|im_start|>ROLE\nCONTENT<|im_end|>\n per message,
// "<|im_start|>assistant\n" as the generation prompt), as SmolLM2,
// Qwen2 and others use it, including a default system message inserted
// before a first non-system message (SmolLM2's "You are a helpful AI
// assistant named SmolLM, trained by Hugging Face"). Any other template
// is an error quoting its start.
func ParseChatTemplate(src string) (*ChatTemplate, error) {
	compact := strings.NewReplacer(" ", "", "\n", `\n`).Replace(src)
	compact = strings.ReplaceAll(compact, `\\n`, `\n`)
	if strings.Contains(compact, chatMLTurn) && strings.Contains(compact, `'<|im_start|>assistant\n'`) {
		t := &ChatTemplate{Name: "chatml", Stop: []string{"<|im_end|>"}}
		const start = "<|im_start|>system\n"
		if strings.Contains(src, "messages[0]['role'] != 'system'") {
			if i := strings.Index(src, start); i >= 0 {
				rest := src[i+len(start):]
				if j := strings.Index(rest, "<|im_end|>"); j >= 0 {
					t.DefaultSystem = rest[:j]
				}
			}
		}
		return t, nil
	}
	head := src
	if len(head) > 80 {
		head = head[:80] + "..."
	}
	return nil, fmt.Errorf("tokenizer: chat template not supported (zmlc recognises ChatML): %q", head)
}

// Render returns the prompt for msgs: each message as
// <|im_start|>ROLE\nCONTENT<|im_end|>\n, the default system message first
// when the first message is not a system one, then
// <|im_start|>assistant\n when generation is true.
func (t *ChatTemplate) Render(msgs []Message, generation bool) string {
	var sb strings.Builder
	if t.DefaultSystem != "" && (len(msgs) == 0 || msgs[0].Role != "system") {
		msgs = append([]Message{{"system", t.DefaultSystem}}, msgs...)
	}
	for _, m := range msgs {
		sb.WriteString("<|im_start|>" + m.Role + "\n" + m.Content + "<|im_end|>\n")
	}
	if generation {
		sb.WriteString("<|im_start|>assistant\n")
	}
	return sb.String()
}
