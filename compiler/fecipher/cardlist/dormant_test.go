package cardlist

import "testing"

// TestSkillSetOffByATextSkillStaysText: an auto skill set off only by a
// named skill that compiles nowhere in the list would compile and never
// run, so it stays text, with the reason; one set off by a skill that
// compiles (its name printed in quotes, referred to in quotes) compiles.
func TestSkillSetOffByATextSkillStaysText(t *testing.T) {
	list := `[
  {"Character": "Rowan", "Title": "Squire of the Ford", "Colour": ["Red"], "Cost": 1,
   "Class": "Squire", "Type": ["Male", "Sword"], "MinRange": 1, "MaxRange": 1, "Attack": 40, "Support": 20,
   "Skill": "Riddle of the Ford |ACT| [Tap this unit] Your opponent sings a song of their choice.\nEcho |AUTO| When this unit's \"Riddle of the Ford\" destroys an enemy, draw 1 card.",
   "Rarity": "SR", "SeriesNumber": 31, "AlternateArts": [{"CardCode": "B31-001SR", "SetCode": "B31"}]},
  {"Character": "Wren", "Title": "Falconer of the Marsh", "Colour": ["Green"], "Cost": 1,
   "Class": "Falconer", "Type": ["Female", "Lance", "Flier"], "MinRange": 1, "MaxRange": 1, "Attack": 40, "Support": 20,
   "Skill": "\"Off you go!\" |ACT| [Tap this unit, Flip 1 Bond face-down] Draw 1 card.\nSecond Wind |AUTO| [Once per Turn] When you draw a card via this unit's \"Off you go!\", untap this unit.",
   "Rarity": "R", "SeriesNumber": 31, "AlternateArts": [{"CardCode": "B31-002R", "SetCode": "B31"}]}
]`
	pk, diags := Import([]byte(list), "list.json")
	if diags.Errors() > 0 {
		t.Fatalf("import: %v", diags)
	}
	got := map[string]string{}
	for _, l := range pk.Lines {
		why := ""
		if len(l.Result.Unread) > 0 {
			why = l.Result.Unread[0].PhraseText
		}
		got[l.Name] = why
	}
	if got["Riddle of the Ford"] == "" {
		t.Errorf("Riddle of the Ford compiled: the sample needs a skill that stays text")
	}
	if want := "set off only by Riddle of the Ford, which is not compiled"; got["Echo"] != want {
		t.Errorf("Echo: unread %q, want %q", got["Echo"], want)
	}
	if got[`"Off you go!"`] != "" || got["Second Wind"] != "" {
		t.Errorf("a skill set off by a compiled quoted skill: unread %q / %q, want both compiled", got[`"Off you go!"`], got["Second Wind"])
	}
	for _, c := range pk.Cards {
		for _, s := range c.Skills {
			if s.Name == "Echo" && len(s.Effects) > 0 {
				t.Errorf("Echo written with effects %v", s.Effects)
			}
		}
	}
}
