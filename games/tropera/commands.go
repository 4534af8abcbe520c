package tropera

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	trocompiler "github.com/roundtable-dev/roundtable/compiler/tropera"
	troengine "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
	"github.com/roundtable-dev/roundtable/games"
	trogen "github.com/roundtable-dev/roundtable/generated/tropera"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Tropera's own commands, under `roundtable tropera`: forecast works out
// (and with --seed rolls) an Attack Sequence between two characters;
// levelup levels a character up with the rulebook's d20 procedure.
var commands = []func() *cobra.Command{newTroForecast, newTroLevelUp}

// troSide is one side of a forecast as its flags give it.
type troSide struct {
	char, weapon, terrain, form string
	uses                        int // charges left; -1: full
}

// troUnit deploys a character as a battle would (troengine.NewUnitWith):
// with its weapon (default: the first it can wield, carried first, then
// natural, in the form asked for or the one that weapon implies), in its
// form, with the charges left, on a terrain ("" for none). A weapon the
// character cannot wield is exit 1, as the compiler's tro-equip is.
func troUnit(rs *table.Ruleset, s troSide) (*troengine.Unit, error) {
	ci := rs.CharacterIndex(s.char)
	if ci < 0 {
		return nil, troNo("character", s.char, troIDs(rs.Characters, func(c table.Character) string { return c.ID }))
	}
	c := &rs.Characters[ci]
	form, ok := table.ParseForm(s.form)
	if !ok {
		return nil, games.Usage("unknown form %q (want beast or humanoid)", s.form)
	}
	if _, why := rs.FormFor(c, -1, form); why != "" {
		return nil, games.Usage("%s", why)
	}
	wi := -1
	if s.weapon == "" {
		w, _ := rs.FirstWieldable(c, c.Weapons, nil, form)
		if wi = int(w); wi < 0 {
			in := ""
			if form != table.Implied {
				in = " in " + form.String() + " form"
			}
			return nil, games.Usage("character %q has no weapon it can wield%s; give --weapon", s.char, in)
		}
	} else if wi = rs.WeaponIndex(s.weapon); wi < 0 {
		return nil, troNo("weapon", s.weapon, troIDs(rs.Weapons, func(w table.Weapon) string { return w.ID }))
	}
	ti := -1
	if s.terrain != "" {
		if ti = rs.TerrainIndex(s.terrain); ti < 0 {
			return nil, troNo("terrain", s.terrain, troIDs(rs.Terrain, func(t table.Terrain) string { return t.ID }))
		}
	}
	w := &rs.Weapons[wi]
	used := 0
	if s.uses >= 0 {
		full := table.Charges(w.Charges)
		if full == table.Unlimited || s.uses > full {
			return nil, games.Usage("%s has %s; it cannot have %d left", w.ID, troChargesText(w), s.uses)
		}
		used = full - s.uses
	}
	u, err := troengine.NewUnitWith(rs, troengine.Loadout{Character: ci, Weapon: wi, Terrain: ti, Form: form, Used: used})
	var ue *troengine.UnwieldableError
	if errors.As(err, &ue) {
		return nil, &games.ExitError{Code: games.ExitContent, Msg: err.Error()}
	}
	if err != nil {
		return nil, games.Usage("%v", err)
	}
	return u, nil
}

func troChargesText(w *table.Weapon) string {
	if w.Charges <= 0 {
		return "no charges (its uses are unlimited)"
	}
	return fmt.Sprintf("%d charges", w.Charges)
}

// troNo reports an id the ruleset does not have, with the one meant or
// the ids there are.
func troNo(what, id string, ids []string) error {
	if s := phrase.Suggest(id, ids); s != "" {
		return games.Usage("no %s %q (did you mean %q?)", what, id, s)
	}
	plural := what + "s"
	if what == "terrain" {
		plural = what
	}
	return games.Usage("no %s %q (%s: %s)", what, id, plural, strings.Join(ids, ", "))
}

func troIDs[T any](list []T, id func(T) string) []string {
	ids := make([]string, len(list))
	for i, e := range list {
		ids[i] = id(e)
	}
	return ids
}

func newTroForecast() *cobra.Command {
	var (
		att, def troSide
		format   string
		dist     int
		seed     int64
		packs    []string
	)
	cmd := &cobra.Command{
		Use:   "forecast",
		Short: "Forecast (and with --seed, roll) one Attack Sequence",
		Long: `Forecast prints each side's hit chance, critical chance, damage and number of
attacks when --attacker takes the Attack action against --defender at --distance.
With --seed it also rolls the Attack Sequence and prints every strike.

Each side is deployed as a battle would deploy it: a weapon it can wield (its
proficiency at the weapon's rank; a laguz in beast form fights only with its
natural weapons), in its form (--form, --defender-form: beast or humanoid; by
default the form its weapon implies, beast for a laguz's claws, talons or
bite), with the charges left (--uses, --defender-uses; by default all). A
weapon a side cannot wield is refused (exit 1); an attacker whose weapon has
no charges left cannot attack, a defender's makes no counter.`,
		Example: `  roundtable tropera forecast --attacker lyn --defender vissan-soldier
  roundtable tropera forecast --attacker erk --defender vissan-archer --defender-terrain hill --distance 2 --seed 3
  roundtable tropera forecast --attacker vale --weapon armorslayer --defender oswin --format json
  roundtable tropera forecast --attacker lethe --defender cairn-brigand --form beast`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "text" && format != "json" {
				return games.Usage("unknown --format %q (want text or json)", format)
			}
			for _, f := range []struct {
				name string
				uses *int
			}{{"uses", &att.uses}, {"defender-uses", &def.uses}} {
				switch {
				case !cmd.Flags().Changed(f.name):
					*f.uses = -1 // all
				case *f.uses < 0:
					return games.Usage("--%s must be 0 or more", f.name)
				}
			}
			rs, err := troRuleset(packs, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			a, err := troUnit(rs, att)
			if err != nil {
				return err
			}
			d, err := troUnit(rs, def)
			if err != nil {
				return err
			}
			if dist < 1 {
				return games.Usage("--distance must be 1 or more")
			}
			if !troengine.InRange(a, dist) {
				// As Anna's forecast: an Attack out of range is no forecast.
				return games.Usage("%s cannot attack at distance %d with %s (range %d-%d)", att.char, dist, a.Weapon.ID, a.Weapon.MinRange, a.Weapon.MaxRange)
			}
			if table.Strikes(a.Uses, 1) == 0 {
				// In a battle a weapon with no charges left offers no Attack.
				return &games.ExitError{Code: games.ExitContent, Msg: fmt.Sprintf("%s cannot attack with %s: it has no charges left", att.char, a.Weapon.ID)}
			}
			c := troengine.Combat{Attacker: a, Defender: d, Distance: dist, Forecast: troengine.NewForecast(a, d, dist)}
			if cmd.Flags().Changed("seed") {
				c.Forecast, c.Strikes = troengine.Sequence(troengine.NewSeeded(seed), a, d, dist)
			}
			w := cmd.OutOrStdout()
			if format == "json" {
				return json.NewEncoder(w).Encode(troCombat(rs, c, ""))
			}
			fmt.Fprintln(w, troForecastText(rs, c))
			for _, s := range c.Strikes {
				fmt.Fprintln(w, troStrikeText(s))
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&att.char, "attacker", "", "attacking character id")
	fl.StringVar(&def.char, "defender", "", "defending character id")
	fl.StringVar(&att.weapon, "weapon", "", "the attacker's weapon (default: the first it can wield)")
	fl.StringVar(&def.weapon, "defender-weapon", "", "the defender's weapon (default: the first it can wield)")
	fl.StringVar(&att.terrain, "terrain", "", "the attacker's terrain")
	fl.StringVar(&def.terrain, "defender-terrain", "", "the defender's terrain")
	fl.StringVar(&att.form, "form", "", "a laguz attacker's form: beast or humanoid (default: the one its weapon implies)")
	fl.StringVar(&def.form, "defender-form", "", "a laguz defender's form: beast or humanoid (default: the one its weapon implies)")
	fl.IntVar(&att.uses, "uses", -1, "charges left on the attacker's weapon (default: all)")
	fl.IntVar(&def.uses, "defender-uses", -1, "charges left on the defender's weapon (default: all)")
	fl.IntVar(&dist, "distance", 1, "distance in spaces")
	fl.Int64Var(&seed, "seed", 1, "roll the Attack Sequence with this seed")
	fl.StringVarP(&format, "format", "f", "text", "output format: text or json")
	fl.StringArrayVar(&packs, "pack", nil, "compile these pack folders instead of the embedded base content")
	_ = cmd.MarkFlagRequired("attacker")
	_ = cmd.MarkFlagRequired("defender")
	return cmd
}

func newTroLevelUp() *cobra.Command {
	var (
		char, format string
		levels       int
		seed         int64
		packs        []string
	)
	cmd := &cobra.Command{
		Use:   "levelup",
		Short: "Level a character up with the rulebook's d20 procedure",
		Long: `Levelup raises --character by --levels levels. Each rolled level rolls a d20 per
stat plus its growth rate; of the five highest results four are raised (here: the
four best), a natural 20 gives a free point, a natural 1 makes a stat ineligible.
Levels 8 and 16 give 9 free points (at most 2 a stat, here by growth rate) and 2 HP.`,
		Example: `  roundtable tropera levelup --character lyn --levels 3 --seed 1
  roundtable tropera levelup --character erk --levels 7 --seed 2 --format json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "text" && format != "json" {
				return games.Usage("unknown --format %q (want text or json)", format)
			}
			rs, err := troRuleset(packs, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			ci := rs.CharacterIndex(char)
			if ci < 0 {
				return troNo("character", char, troIDs(rs.Characters, func(c table.Character) string { return c.ID }))
			}
			c := &rs.Characters[ci]
			if int(c.Level) >= table.MaxLevel {
				return games.Usage("%s is already level %d, the highest", char, c.Level)
			}
			// Compared without adding: --levels 9223372036854775807 would
			// overflow a sum into a negative number and level up nothing.
			if levels < 1 || levels > table.MaxLevel-int(c.Level) {
				return games.Usage("%s is level %d; --levels must be 1 to %d", char, c.Level, table.MaxLevel-int(c.Level))
			}
			w := cmd.OutOrStdout()
			enc := json.NewEncoder(w)
			dice := troengine.NewSeeded(seed)
			stats := c.Points
			for i := range stats {
				stats[i] += c.Gains[i]
			}
			stats[table.HP] += table.BaseHP
			for l := int(c.Level); l < int(c.Level)+levels; l++ {
				lu, err := troengine.Level(dice, c.Growths, l, nil, nil)
				if err != nil {
					return err
				}
				for i, g := range lu.Gains {
					stats[i] += g
				}
				if format == "json" {
					_ = enc.Encode(troLevelJSON(lu, stats))
					continue
				}
				fmt.Fprintln(w, troLevelText(lu, stats))
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&char, "character", "", "character id")
	fl.IntVar(&levels, "levels", 1, "levels to gain")
	fl.Int64Var(&seed, "seed", 1, "random seed; the same seed gives the same level-ups")
	fl.StringVarP(&format, "format", "f", "text", "output format: text or json (JSON lines)")
	fl.StringArrayVar(&packs, "pack", nil, "compile these pack folders instead of the embedded base content")
	_ = cmd.MarkFlagRequired("character")
	return cmd
}

func statMap(s table.Stats) map[string]int {
	m := map[string]int{}
	for i, v := range s {
		m[table.StatNames[i]] = int(v)
	}
	return m
}

func statNames(ss []table.Stat) []string {
	out := []string{}
	for _, s := range ss {
		out = append(out, s.String())
	}
	return out
}

func troLevelJSON(lu troengine.LevelUp, stats table.Stats) any {
	type roll struct {
		Stat    string `json:"stat"`
		Natural int    `json:"natural"`
		Result  int    `json:"result"`
		Rerolls []int  `json:"rerolls,omitempty"`
	}
	rolls := []roll{}
	for _, r := range lu.Rolls {
		rolls = append(rolls, roll{Stat: r.Stat.String(), Natural: r.Natural, Result: r.Result, Rerolls: r.Rerolls})
	}
	return struct {
		Level    int            `json:"level"`
		Rolls    []roll         `json:"rolls"`
		Eligible []string       `json:"eligible"`
		Chosen   []string       `json:"chosen"`
		Natural  []string       `json:"natural_20"`
		Gains    map[string]int `json:"gains"`
		Stats    map[string]int `json:"stats"`
	}{lu.Level, rolls, statNames(lu.Eligible), statNames(lu.Chosen), statNames(lu.Natural), statMap(lu.Gains), statMap(stats)}
}

func troLevelText(lu troengine.LevelUp, stats table.Stats) string {
	var b strings.Builder
	fmt.Fprintf(&b, "level %d:", lu.Level)
	if len(lu.Rolls) == 0 {
		b.WriteString(" 9 free points and 2 HP;")
	} else {
		for _, r := range lu.Rolls {
			fmt.Fprintf(&b, " %s %d", r.Stat, r.Result)
			switch r.Natural {
			case 20:
				b.WriteString("(nat 20)")
			case 1:
				b.WriteString("(nat 1)")
			}
		}
		fmt.Fprintf(&b, "; five best %s; raised %s", strings.Join(statNames(lu.Eligible), " "), strings.Join(statNames(lu.Chosen), " "))
		if len(lu.Natural) > 0 {
			fmt.Fprintf(&b, " + free %s", strings.Join(statNames(lu.Natural), " "))
		}
		b.WriteString(";")
	}
	var gains, now []string
	for i, g := range lu.Gains {
		if g > 0 {
			gains = append(gains, fmt.Sprintf("%s+%d", table.StatNames[i], g))
		}
		now = append(now, fmt.Sprintf("%s %d", table.StatNames[i], stats[i]))
	}
	fmt.Fprintf(&b, " gains %s\n  stats: %s", strings.Join(gains, " "), strings.Join(now, ", "))
	return b.String()
}

// troRuleset is the generated base ruleset, or the packs compiled now;
// content errors are printed to w and reported as games.ErrContent.
func troRuleset(packs []string, w io.Writer) (*table.Ruleset, error) {
	if len(packs) == 0 {
		return trogen.Ruleset, nil
	}
	g, ok := games.Lookup(trocompiler.Game.ID)
	if !ok {
		return nil, games.Usage("no game %q", trocompiler.Game.ID)
	}
	rs, err := g.Rules(packs, w)
	if err != nil {
		return nil, err
	}
	return rs.(*table.Ruleset), nil
}

type troSideJSON struct {
	Hit     int `json:"hit"`
	Crit    int `json:"crit"`
	Damage  int `json:"damage"`
	Attacks int `json:"attacks"`
}

type troForecastJSON struct {
	Attacker      troSideJSON `json:"attacker"`
	Defender      troSideJSON `json:"defender"`
	DefenderFirst bool        `json:"defender_first"`
}

type troStrikeJSON struct {
	By       string `json:"by"`
	Rolls    []int  `json:"rolls"`
	Hit      bool   `json:"hit"`
	Critical bool   `json:"critical"`
	Damage   int    `json:"damage"`
	HPAfter  int    `json:"hp_after"`
	Miracle  bool   `json:"miracle,omitempty"`
	Silenced bool   `json:"silenced,omitempty"`
	Shielded bool   `json:"shielded,omitempty"`
}

type troCombatJSON struct {
	Round    int    `json:"round,omitempty"`
	Side     string `json:"side,omitempty"`
	Attacker string `json:"attacker"`
	Defender string `json:"defender"`
	// A laguz side's form: beast or humanoid (left out for the others).
	AttackerForm string          `json:"attacker_form,omitempty"`
	DefenderForm string          `json:"defender_form,omitempty"`
	Distance     int             `json:"distance"`
	Forecast     troForecastJSON `json:"forecast"`
	Strikes      []troStrikeJSON `json:"strikes"`
}

func troForecast(f troengine.Forecast) troForecastJSON {
	s := func(x troengine.Side) troSideJSON { return troSideJSON(x) }
	return troForecastJSON{Attacker: s(f.Attacker), Defender: s(f.Defender), DefenderFirst: f.DefenderFirst}
}

func troCombat(rs *table.Ruleset, c troengine.Combat, side string) troCombatJSON {
	out := troCombatJSON{Round: c.Round, Side: side, Attacker: c.Attacker.Char.ID, Defender: c.Defender.Char.ID,
		AttackerForm: troForm(rs, c.Attacker), DefenderForm: troForm(rs, c.Defender),
		Distance: c.Distance, Forecast: troForecast(c.Forecast), Strikes: []troStrikeJSON{}}
	for _, s := range c.Strikes {
		out.Strikes = append(out.Strikes, troStrikeJSON{By: s.By.Char.ID, Rolls: s.Rolls, Hit: s.Hit, Critical: s.Critical, Damage: s.Damage, HPAfter: s.HPAfter, Miracle: s.Miracle, Silenced: s.Silenced, Shielded: s.Shielded})
	}
	return out
}

// troForm is a laguz unit's form, "" for anyone else (always humanoid).
func troForm(rs *table.Ruleset, u *troengine.Unit) string {
	switch {
	case rs.Laguz(u.Char) < 0:
		return ""
	case u.Beast:
		return table.BeastForm.String()
	}
	return table.Humanoid.String()
}

// troGear is a side's weapon, with a laguz's form.
func troGear(rs *table.Ruleset, u *troengine.Unit) string {
	if f := troForm(rs, u); f != "" {
		return u.Weapon.ID + ", " + f + " form"
	}
	return u.Weapon.ID
}

// troForecastText is one line: each side's hit, crit, damage and attacks.
func troForecastText(rs *table.Ruleset, c troengine.Combat) string {
	f := c.Forecast
	line := fmt.Sprintf("%s (%s) attacks %s (%s) at %d: hit %d crit %d dmg %d x%d",
		c.Attacker.Name(), troGear(rs, c.Attacker), c.Defender.Name(), troGear(rs, c.Defender), c.Distance,
		f.Attacker.Hit, f.Attacker.Crit, f.Attacker.Damage, f.Attacker.Attacks)
	if f.Defender.Attacks > 0 {
		line += fmt.Sprintf("; counter hit %d crit %d dmg %d x%d", f.Defender.Hit, f.Defender.Crit, f.Defender.Damage, f.Defender.Attacks)
	} else {
		line += "; no counter"
	}
	if f.DefenderFirst {
		line += "; the defender strikes first"
	}
	return line
}

func troStrikeText(s troengine.Strike) string {
	var rolls []string
	for _, r := range s.Rolls {
		rolls = append(rolls, fmt.Sprint(r))
	}
	what := "misses"
	switch {
	case s.Critical:
		what = fmt.Sprintf("critical hit, %d damage", s.Damage)
	case s.Hit:
		what = fmt.Sprintf("hits, %d damage", s.Damage)
	}
	line := fmt.Sprintf("  %s %s (d100 %s); %s %d HP", s.By.Name(), what, strings.Join(rolls, "+"), s.Target.Name(), s.HPAfter)
	if s.Miracle {
		line += " (Miracle)"
	}
	if s.Silenced {
		line += " (Silencer)"
	}
	if s.Shielded {
		line += " (Shield)"
	}
	return line
}
