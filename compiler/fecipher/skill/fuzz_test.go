package skill

import (
	"strings"
	"testing"
)

// FuzzCompile (issue 24): the skill-text compiler reads any type, cost and
// text without a panic, and its effects stay in proportion to the text (a
// clause is at least a few bytes).
func FuzzCompile(f *testing.F) {
	for _, s := range [][3]string{
		{"auto", "", "When this unit attacks, draw 1 card."},
		{"action", "Flip 1 Bond face-down", "Until the end of the turn, this unit gains +20 attack."},
		{"permanent", "", "If your defending unit is <Purple>, choose 1 of your Orbs and look at it."},
		{"support", "", "Attack Emblem: +20."},
		{"auto", "[Tap]", "Choose 1 \"Risen\" from your Retreat Area, and deploy it. However, he may only have 1 skill."},
		{"", "", ""}, {"x", "[[[", "..."},
	} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, typ, cost, text string) {
		if len(text)+len(cost) > 4<<10 {
			t.Skip()
		}
		r := Compile(typ, cost, text)
		if n := len(r.Effects); n > 1+len(text)+len(cost) {
			t.Fatalf("%d effects from %d bytes: %q", n, len(text)+len(cost), strings.TrimSpace(text))
		}
	})
}
