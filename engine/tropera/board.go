package tropera

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Event data (play.Event.Data) of a battle, by kind.

// combatData is a "combat" event's detail: the forecast and every strike.
type combatData struct {
	Attacker string       `json:"attacker"`
	Defender string       `json:"defender"`
	Weapon   string       `json:"weapon"`
	Distance int          `json:"distance"`
	Option   string       `json:"option,omitempty"` // grapple, trample, chain, split, cleave -N
	Forecast forecastData `json:"forecast"`
	Strikes  []strikeData `json:"strikes"`
}

type forecastData struct {
	Attacker      sideData `json:"attacker"`
	Defender      sideData `json:"defender"`
	DefenderFirst bool     `json:"defender_first"`
}

type sideData struct {
	Hit     int `json:"hit"`
	Crit    int `json:"crit"`
	Damage  int `json:"damage"`
	Attacks int `json:"attacks"`
}

type strikeData struct {
	By          string `json:"by"`
	Target      string `json:"target"`
	Rolls       []int  `json:"rolls"`
	Hit         bool   `json:"hit"`
	Critical    bool   `json:"critical"`
	Damage      int    `json:"damage"`
	HPAfter     int    `json:"hp_after"`
	Miracle     bool   `json:"miracle,omitempty"`
	Silenced    bool   `json:"silenced,omitempty"`
	Shielded    bool   `json:"shielded,omitempty"`
	Grappled    bool   `json:"grappled,omitempty"`
	Trampled    bool   `json:"trampled,omitempty"`
	GuardBroken bool   `json:"guard_broken,omitempty"`
	Inflicted   string `json:"inflicted,omitempty"`
}

// boardJSON is a "board" event's detail: the rows as drawn (north first)
// and each unit's marker.
type boardJSON struct {
	Round int         `json:"round"`
	Rows  []string    `json:"rows"`
	Units []boardUnit `json:"units"`
}

type boardUnit struct {
	Marker string `json:"marker"`
	ID     string `json:"id"`
	Side   string `json:"side"`
	At     string `json:"at"`
	HP     int    `json:"hp"`
	MaxHP  int    `json:"max_hp"`
}

// markers gives each unit on the map two characters: enemies their
// number (07), party units the first letters of their id, capitalised
// (Ly), lower case while critically wounded (ly).
func (b *Battle) markers() map[int]string {
	out := map[int]string{}
	used := map[string]bool{}
	for i, u := range b.Units {
		if u.Side == Enemy {
			out[i] = fmt.Sprintf("%02d", u.Number%100)
			used[out[i]] = true
		}
	}
	for i, u := range b.Units {
		if u.Side != Party {
			continue
		}
		id := []rune(strings.ReplaceAll(u.ID, "-", ""))
		m := ""
		for k := 1; k < len(id) && m == ""; k++ {
			c := string(unicode.ToUpper(id[0])) + string(id[k])
			if !used[strings.ToLower(c)] {
				m = c
			}
		}
		for d := 0; m == "" && d < 10; d++ {
			if c := string(unicode.ToUpper(id[0])) + fmt.Sprint(d); !used[strings.ToLower(c)] {
				m = c
			}
		}
		used[strings.ToLower(m)] = true
		if u.HP <= 0 {
			m = strings.ToLower(m)
		}
		out[i] = m
	}
	return out
}

// Board draws the map with the units on it: a header of files, one row
// per rank (north first) with terrain glyphs and unit markers, and a
// legend of the units with their HP.
func (b *Battle) Board() string {
	var sb strings.Builder
	rows, legend := b.draw()
	phase := SideNames[b.phase] + " phase"
	if b.deploying {
		phase = "deployment"
	}
	fmt.Fprintf(&sb, "board, round %d, %s:", b.round, phase)
	for _, r := range rows {
		sb.WriteString("\n" + r)
	}
	for _, l := range legend {
		sb.WriteString("\n  " + l)
	}
	return sb.String()
}

func (b *Battle) draw() (rows, legend []string) {
	marks := b.markers()
	var sides [2][]string
	for _, e := range b.unitEntries(marks) {
		sides[b.Units[e.unit].Side] = append(sides[b.Units[e.unit].Side], e.text)
	}
	legend = append(legend, "party: "+strings.Join(sides[Party], "; "))
	if len(sides[Enemy]) > 0 {
		legend = append(legend, "enemy: "+strings.Join(sides[Enemy], "; "))
	}
	return b.grid(marks), legend
}

// grid is the map's rows as drawn: a header of files, one row per rank
// (north first) with terrain glyphs and unit markers, the files again.
func (b *Battle) grid(marks map[int]string) (rows []string) {
	w, h := int(b.m.Width), int(b.m.Height)
	at := map[int]int{}
	for i, u := range b.Units {
		if u.At >= 0 {
			at[u.At] = i
		}
	}
	fb := []byte("    ")
	for x := range w {
		fb = append(fb, ' ', byte('a'+x), ' ')
	}
	files := strings.TrimRight(string(fb), " ")
	rows = append(rows, files)
	line := make([]byte, 0, 4+3*w)
	for y := h - 1; y >= 0; y-- {
		line = fmt.Appendf(line[:0], "%3d ", y+1)
		for x := range w {
			t := y*w + x
			if i, ok := at[t]; ok {
				line = append(line, marks[i]...)
				line = append(line, ' ')
			} else {
				line = append(line, ' ')
				line = append(line, b.Terrain(t).Glyph...)
				line = append(line, ' ')
			}
		}
		rows = append(rows, strings.TrimRight(string(line), " "))
	}
	return append(rows, files)
}

// unitEntry is a unit's entry in the board's legend.
type unitEntry struct {
	unit int
	text string
}

// unitEntries are the legend's entries of the units on the map or
// carried, in roster order: "Ly lyn 14/14 at c2", "01 vissan-soldier-1
// (mob) 18/18 at e7".
func (b *Battle) unitEntries(marks map[int]string) []unitEntry {
	var out []unitEntry
	for i, u := range b.Units {
		if !u.Present() || u.At < 0 && u.Carrier < 0 {
			continue
		}
		where := b.tileName(u.At)
		if u.Carrier >= 0 {
			where = "carried by " + b.Units[u.Carrier].ID
		}
		s := fmt.Sprintf("%s %s %d/%d at %s", marks[i], u.ID, u.HP, u.Stats[table.HP], where)
		if u.Side == Enemy {
			s = fmt.Sprintf("%s %s (%s) %d/%d at %s", marks[i], u.ID, u.Level, u.HP, u.Stats[table.HP], where)
		} else {
			if u.HP <= 0 {
				s += fmt.Sprintf(", critically wounded (%s left)", rounds(u.Countdown))
			}
			if u.Crippled {
				s += ", Crippled"
			}
		}
		out = append(out, unitEntry{i, s})
	}
	return out
}

func (b *Battle) boardData() boardJSON {
	rows, _ := b.draw()
	out := boardJSON{Round: b.round, Rows: rows[1 : len(rows)-1]}
	marks := b.markers()
	for i, u := range b.Units {
		if u.At < 0 {
			continue
		}
		out.Units = append(out.Units, boardUnit{Marker: marks[i], ID: u.ID, Side: SideNames[u.Side], At: b.tileName(u.At), HP: u.HP, MaxHP: int(u.Stats[table.HP])})
	}
	return out
}
