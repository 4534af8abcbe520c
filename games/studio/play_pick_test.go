package studio

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	annastable "github.com/roundtable-dev/roundtable/engine/annas/table"
	bcengine "github.com/roundtable-dev/roundtable/engine/battlecrest"
	bctable "github.com/roundtable-dev/roundtable/engine/battlecrest/table"
	fectable "github.com/roundtable-dev/roundtable/engine/fecipher/table"
	"github.com/roundtable-dev/roundtable/engine/play"
	trotable "github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// tileWord is a word of an action text that names a board square: c3,
// d10.
var tileWord = regexp.MustCompile(`^[a-l](1[0-2]|[1-9])$`)

// dataPick finds the words a board's elements carry in data-pick.
var dataPick = regexp.MustCompile(`data-pick="([^"]*)"`)

// picks is what a seat's board may be pointed at by, per game, read from
// the seat's view (never the true position) and the rules:
//   - thing: the kinds of word of an action text that name a thing of the
//     table (a square, a unit, a card, a formation, a die), by the ids the
//     rules and the view hold; the kind is "" for a word that names none.
//   - seen: the things the seat sees, each a word as action texts write it:
//     the board must draw each one an action names, with data-pick="WORD",
//     and it may carry no data-pick other than these (a card the seat may
//     not see is never one).
type picks struct {
	thing func(words []string, i int) string
	seen  map[string]bool
	// squares: the game is played on a board of squares, all in view.
	squares bool
}

// unseen is a data-pick of svg that names nothing the seat sees, or "".
func (p picks) unseen(svg string) string {
	for _, m := range dataPick.FindAllStringSubmatch(svg, -1) {
		if !p.sees(m[1]) {
			return m[1]
		}
	}
	return ""
}

// sees reports whether w names a thing the seat sees.
func (p picks) sees(w string) bool { return p.seen[w] || p.squares && tileWord.MatchString(w) }

// viewStrings are the strings of a view (as JSON), but those under the
// keys skipped (records, not things on the table: what was played).
func viewStrings(v any, skip ...string) map[string]bool {
	out := map[string]bool{}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			out[x] = true
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for k, e := range x {
				if !slices.Contains(skip, k) {
					walk(e)
				}
			}
		}
	}
	walk(v)
	return out
}

// jsonList is the list under key of a JSON object (nil when absent).
func jsonList(v any, key string) []any {
	m, _ := v.(map[string]any)
	l, _ := m[key].([]any)
	return l
}

func jsonStr(v any, key string) string {
	m, _ := v.(map[string]any)
	s, _ := m[key].(string)
	return s
}

// picksOf reads what seat's view of game offers to point at.
func picksOf(t testing.TB, game string, mode string, rules any, view []byte) picks {
	t.Helper()
	var v any
	if err := json.Unmarshal(view, &v); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{} // id → kind
	seen := map[string]bool{}
	p := picks{seen: seen, squares: game == "annas" || game == "battlecrest" || game == "tropera" && mode == "battle"}
	byID := func(words []string, i int) string { return ids[words[i]] }
	switch game {
	case "annas":
		rs := rules.(*annastable.Ruleset)
		for _, u := range rs.Units {
			ids[u.ID] = "unit"
		}
		for _, c := range rs.ShopCards {
			ids[c.ID] = "shop card"
		}
		for _, b := range rs.Bosses {
			ids[b.ID] = "boss"
			for _, s := range b.Summons {
				ids[s.ID] = "summon"
			}
		}
		for s := range viewStrings(v) {
			if ids[s] != "" {
				seen[s] = true
			}
		}
		p.thing = func(words []string, i int) string {
			if tileWord.MatchString(words[i]) {
				return "square"
			}
			return byID(words, i)
		}
	case "fe-cipher":
		rs := rules.(*fectable.Ruleset)
		for _, c := range rs.Cards {
			ids[c.ID] = "card"
		}
		// Every card in view but the records (played) and the deck lists;
		// a unit by its top card, and ":2", ":3" for another unit of one
		// side showing the same card (as action texts name them).
		for s := range viewStrings(v, "played", "deck-list") {
			if ids[s] != "" {
				seen[s] = true
			}
		}
		for _, pl := range jsonList(v, "players") {
			n := map[string]int{}
			for _, u := range jsonList(pl, "field") {
				st := jsonList(u, "stack")
				if len(st) == 0 {
					continue
				}
				top, _ := st[len(st)-1].(string)
				n[top]++
				ids[top] = "unit"
				if n[top] > 1 {
					ids[top+":"+strconv.Itoa(n[top])] = "unit"
					seen[top+":"+strconv.Itoa(n[top])] = true
				}
			}
		}
		p.thing = byID
	case "battlecrest":
		rs := rules.(*bctable.Ruleset)
		for _, w := range jsonList(v, "warriors") {
			if id := jsonStr(w, "id"); id != "" {
				ids[id] = "warrior"
				seen[id] = true
			}
		}
		// A card of a player's row by its side's name as one word, or by
		// its id when another card of the row has that word.
		for _, s := range jsonList(v, "seats") {
			var row []string
			var cids []string
			for _, c := range jsonList(s, "cards") {
				ai := slices.IndexFunc(rs.Actions, func(a bctable.Action) bool { return a.ID == jsonStr(c, "id") })
				if ai < 0 {
					t.Fatalf("no action card %q", jsonStr(c, "id"))
				}
				side := 0
				if jsonStr(c, "side") == "back" {
					side = 1
				}
				row = append(row, bcengine.Slug(rs.Actions[ai].Sides[side].Name))
				cids = append(cids, rs.Actions[ai].ID)
			}
			for k, w := range row {
				if slices.Index(row, w) != k || slices.Index(row[k+1:], w) >= 0 {
					w = cids[k]
				}
				ids[w] = "card"
				seen[w] = true
			}
		}
		p.thing = func(words []string, i int) string {
			if tileWord.MatchString(words[i]) {
				return "square"
			}
			return byID(words, i)
		}
	case "table-battles":
		m, _ := v.(map[string]any)
		fs, _ := m["formations"].(map[string]any)
		for id := range fs {
			ids[id] = "formation"
			seen[id] = true
		}
		for _, d := range jsonList(v, "roll") {
			seen[fmt.Sprint(d)] = true
		}
		p.thing = func(words []string, i int) string {
			// place 3 3 on WING-FORMATION: the dice of the roll, by face.
			if i > 0 && words[0] == "place" && slices.Index(words, "on") > i {
				if _, err := strconv.Atoi(words[i]); err == nil {
					return "die"
				}
			}
			return byID(words, i)
		}
	case "tropera":
		if mode != "battle" {
			for _, s := range trotable.StatNames {
				ids[s] = "stat"
				seen[s] = true
			}
			p.thing = byID
			break
		}
		for _, u := range jsonList(v, "units") {
			id := jsonStr(u, "id")
			ids[id] = "unit"
			if jsonStr(u, "out") == "" {
				seen[id] = true // on the map, carried, or waiting to be placed
			}
		}
		p.thing = func(words []string, i int) string {
			if tileWord.MatchString(words[i]) {
				return "square"
			}
			return byID(words, i)
		}
	default:
		t.Fatalf("no picks for %s", game)
	}
	return p
}

// seatView is seat's view of a game in play, as JSON (what the studio
// draws the seat's board from).
func (p *playServer) seatView(id string, seat int) []byte {
	p.t.Helper()
	g, _, why := p.s.plays.get(id, 0)
	if g == nil {
		p.t.Fatalf("no game %s: %s", id, why)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	b, err := json.Marshal(g.sess.Match().(play.Viewer).View(seat))
	if err != nil {
		p.t.Fatal(err)
	}
	return b
}

// TestPlayBoardsCanBePointedAt: in seeded positions of every game and
// mode, every word of every legal action that names a thing the seat sees
// (a square, a unit, a card in its hand or on the table, a formation, a
// die of the roll; picks) has an element data-pick="WORD" on the seat's
// board, and no data-pick names anything else (a card the seat may not
// see above all). Each kind of thing is checked at least once per mode.
func TestPlayBoardsCanBePointedAt(t *testing.T) {
	p := newPlayServer(t, nil)
	// The kinds of thing each mode's actions name, at least.
	want := map[string][]string{
		"annas-versus":         {"square", "unit", "shop card"},
		"annas-boss":           {"square", "unit"},
		"battlecrest-versus":   {"square", "warrior", "card"},
		"fe-cipher-versus":     {"card", "unit"},
		"table-battles-battle": {"formation", "die"},
		"tropera-battle":       {"square", "unit"},
		"tropera-levelup":      {"stat"},
	}
	for _, c := range everyMode(t, p.s) {
		name := c.game.ID + "-" + c.mode.Name
		t.Run(name, func(t *testing.T) {
			p.t = t
			words := map[string]int{}
			verbs := map[string]int{} // by an action's first word and the kind
			// Fire Emblem Cipher's skills, costs and battles come up in
			// few games of a few decisions each: more games.
			seeds := uint64(3)
			if c.game.ID == "fe-cipher" {
				seeds = 12
			}
			for seed := uint64(1); seed <= seeds; seed++ {
				st := p.start(startRequest{Game: c.game.ID, Mode: c.mode.Name, Seed: seed, Flags: c.o.Flags, Seats: seatsOf(t, p.s, c.game, c.mode, c.o, "greedy")})
				s := p.settle(st.ID, 0, st.State)
				rng := rand.New(rand.NewPCG(seed, 9))
				for n := 0; n < 40 && !s.Over; n++ {
					pk := picksOf(t, c.game.ID, c.mode.Name, p.s.current().game(c.game.ID).rules, p.seatView(st.ID, 0))
					on := map[string]bool{}
					for _, m := range dataPick.FindAllStringSubmatch(s.SVG, -1) {
						on[m[1]] = true
					}
					for _, a := range s.Actions {
						ws := strings.Fields(a.Text)
						for i := range ws {
							kind := pk.thing(ws, i)
							if kind == "" || !pk.sees(ws[i]) {
								continue
							}
							words[kind]++
							verbs[ws[0]+" "+kind]++
							if !on[ws[i]] {
								t.Fatalf("seed %d, decision %d: %q names the %s %s, which the board has no data-pick for", seed, n, a.Text, kind, ws[i])
							}
						}
					}
					if w := pk.unseen(s.SVG); w != "" {
						t.Fatalf("seed %d, decision %d: the board has data-pick=%q, which is nothing seat 0 sees", seed, n, w)
					}
					if len(s.Actions) == 0 {
						break
					}
					_, s, _ = p.act(st.ID, 0, s.Version, s.Actions[rng.IntN(len(s.Actions))].Text)
					s = p.settle(st.ID, 0, s)
				}
			}
			kinds, ok := want[name]
			if !ok {
				t.Fatalf("no kinds of thing listed for %s: add them to want", name)
			}
			for _, k := range kinds {
				if words[k] == 0 {
					t.Errorf("no action named a %s", k)
				}
			}
			t.Logf("words checked: %v; by action: %v", words, verbs)
		})
	}
}

// TestPlayPickCheckCatchesAHiddenCard: the pointing test's check that a
// board names nothing hidden is not vacuous. The board the other seat
// sees (its own hand drawn as cards) is held to seat 0's view, in Anna's
// versus and Fire Emblem Cipher: the check finds a card of the other hand.
func TestPlayPickCheckCatchesAHiddenCard(t *testing.T) {
	p := newPlayServer(t, nil)
	for _, c := range everyMode(t, p.s) {
		if c.game.ID != "annas" && c.game.ID != "fe-cipher" || c.mode.Name != "versus" {
			continue
		}
		t.Run(c.game.ID, func(t *testing.T) {
			p.t = t
			st := p.start(startRequest{Game: c.game.ID, Mode: c.mode.Name, Seed: 1, Flags: c.o.Flags, Seats: []string{"human", "human"}})
			pk := picksOf(t, c.game.ID, c.mode.Name, p.s.current().game(c.game.ID).rules, p.seatView(st.ID, 0))
			if w := pk.unseen(st.State.SVG); w != "" {
				t.Fatalf("seat 0's own board has data-pick=%q, which seat 0 does not see", w)
			}
			other := p.view(st.ID, 1, false)
			w := pk.unseen(other.SVG)
			if w == "" {
				t.Fatal("seat 1's board, its hand drawn, passed for seat 0's")
			}
			t.Logf("caught data-pick=%q", w)
		})
	}
}
