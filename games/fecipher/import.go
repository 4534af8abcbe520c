package fecipher

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/cardlist"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/skill"
	"github.com/roundtable-dev/roundtable/compiler/regular"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/games"
)

// importCommand is `roundtable import fe-cipher FILE --out DIR`.
func importCommand() *cobra.Command {
	var out string
	var report bool
	cmd := &cobra.Command{
		Use:   "fe-cipher FILE --out DIR",
		Short: "Import a Fire Emblem Cipher card list (JSON, CSV or LackeyCCG)",
		Long: `Import fe-cipher reads a community list of the published cards and writes
pack.yaml, symbols.yaml and one series-NN.yaml per series. The list's shape
is recognised from its fields: the Decksteria.FECipher JSON, other JSON
lists (printings on the card, or rarity on the card and printings under
AlternateArts), a CSV (or JSON) table with a header row, a LackeyCCG
tab-separated file; field names are read through one table of aliases
(SeriesNo or Series Number, Colorless or None). It says on stderr which
shape it read ("read as csv: 4 cards, 6 printings"); a file in no known
shape is one error naming its fields and the nearest shape with what it
lacks. Every printing is kept (set, number, rarity): a deck may name a
card by id or a printing by its code (B01-001SR+). A card's id
is its first printing's code without the rarity (B01-001SR -> b01-001); when
two cards share it the later one gets -2, -3. Irregular values are normalized
with a warning citing the JSON line:col (emblem typos and stray spaces, skill
markers, series numbers) or reported as errors; no card is dropped silently.
Class-change costs "-" are left out, X stays X, and range 0-0 means the unit
cannot attack (no range).

Each skill's text is compiled into effects the engine runs, written beside
the text (effects: [] where a clause could not be read: the skill stays
text). --report prints how many skill lines compiled and the clauses that
did not, grouped by shape, the most frequent first; without --out it writes
nothing.

--out is a new or empty folder, or a previous import's (its files are
replaced, and those this import does not write removed); any other folder is
refused. The pack is checked before it is written: when it does not check
(an empty name, a series file over the loader's 4 MiB limit), import prints
the errors, writes nothing and exits 1. Exit status: 0 imported (warnings
allowed), 1 errors in the card list or the pack, 2 usage (a missing or
unreadable file, an --out folder import does not own).`,
		Example: `  roundtable import fe-cipher examples/fe-cipher-import/cardlist.json --out ./cipher-cards
  roundtable import fe-cipher compiler/fecipher/cardlist/testdata/shapes/cards.csv --out ./csv-cards   # a CSV export with a header row
  roundtable check ./cipher-cards
  roundtable import fe-cipher examples/fe-cipher-import/cardlist.json --report`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" && !report {
				return games.Usage("give the folder to write with --out DIR (or --report)")
			}
			return runImport(cmd, args[0], out, report)
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "folder to write the pack to (created if missing)")
	cmd.Flags().BoolVar(&report, "report", false, "print how many skill lines compiled, and the clauses that did not by shape")
	return cmd
}

// maxCardList bounds the card list import reads (the real one is 3 MB).
const maxCardList = 256 << 20

func runImport(cmd *cobra.Command, file, out string, report bool) error {
	data, err := regular.ReadFile(file, maxCardList, false)
	var tooLarge *regular.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		return games.Usage("cannot read card list: %s is larger than %d MiB", file, maxCardList>>20)
	case err != nil:
		return games.Usage("cannot read card list: %v", err)
	}
	var old []string // a previous import's files in out, replaced
	if out != "" {
		if old, err = previousImport(out); err != nil {
			return err
		}
	}
	display := filepath.ToSlash(file)
	pk, diags := cardlist.Import(data, display)
	diags = diags.Sort()
	w := cmd.OutOrStdout()
	if pk.Shape != "" {
		fmt.Fprintf(cmd.ErrOrStderr(), "read as %s: %d cards, %d printings\n", pk.Shape, pk.Stats.Cards, pk.Stats.Printings)
	}
	src := func(f string) []byte {
		if f == display {
			return data
		}
		return nil
	}
	if err := diag.Print(w, "text", diags, src); err != nil {
		return err
	}
	if len(diags) > 0 {
		fmt.Fprintln(w)
	}
	if report {
		skill.Measure(pk.Lines).Print(w, 40)
		fmt.Fprintln(w)
	}
	st := pk.Stats
	if len(pk.Cards) > 0 && out != "" {
		if err := install(w, out, pk.Files, old); err != nil {
			return err
		}
		fmt.Fprintf(w, "imported %d cards (%d printings) into %d files in %s\n", st.Cards, st.Printings, st.Files, out)
	}
	if st.Skipped > 0 {
		fmt.Fprintf(w, "%d cards not imported because of the errors above\n", st.Skipped)
	}
	fmt.Fprintf(w, "  %d class-change costs \"-\" left out (unpromoted), %d ranges 0-0 written as no range (cannot attack), %d values kept as X\n", st.NoPromotion, st.NoRange, st.X)
	fmt.Fprintln(w, diag.CountLine(diags))
	if diags.Errors() > 0 {
		return games.ErrContent
	}
	if len(pk.Cards) == 0 {
		// Without this, an empty list was "0 errors" and no folder at all.
		return &games.ExitError{Code: games.ExitContent, Msg: display + " holds no cards; nothing written"}
	}
	return nil
}

// importPackID is the id of the pack import writes; a folder whose
// pack.yaml has it is a previous import, which import may replace.
const importPackID = "fe-cipher-cardlist"

// previousImport checks that out is new, empty or a previous import (its
// pack.yaml the import's, and nothing but the files import writes), and
// returns the files of a previous import. Into any other folder import
// would leave the old files beside the new (a 100-card import over a full
// one checked as 2,411 cards) or replace another pack's pack.yaml.
func previousImport(out string) ([]string, error) {
	ents, err := os.ReadDir(out)
	if errors.Is(err, fs.ErrNotExist) || err == nil && len(ents) == 0 {
		return nil, nil
	}
	if err != nil {
		return nil, games.Usage("--out %s: %v", out, err)
	}
	refuse := func(why string) error {
		return games.Usage("--out %s is not empty and %s; give a new or empty folder (or a previous import's, which import replaces)", out, why)
	}
	pack, err := regular.ReadFile(filepath.Join(out, "pack.yaml"), source.MaxFileSize, true)
	if err != nil {
		return nil, refuse("holds no pack.yaml of an import")
	}
	var meta struct {
		ID string `yaml:"id"`
	}
	if yaml.Unmarshal(pack, &meta) != nil || meta.ID != importPackID {
		return nil, refuse(fmt.Sprintf("its pack.yaml is not an import's (id %s)", diag.Quote(meta.ID)))
	}
	var names []string
	for _, e := range ents {
		n := e.Name()
		if !e.Type().IsRegular() || !importedName(n) {
			return nil, refuse(fmt.Sprintf("holds %s, which import does not write", diag.Quote(n)))
		}
		names = append(names, n)
	}
	return names, nil
}

// importedName reports whether import writes files of this name.
func importedName(n string) bool {
	if n == "pack.yaml" || n == "symbols.yaml" || n == "series-unknown.yaml" {
		return true
	}
	num, ok := strings.CutPrefix(n, "series-")
	num, ok2 := strings.CutSuffix(num, ".yaml")
	_, err := strconv.Atoi(num)
	return ok && ok2 && err == nil
}

// install checks the imported pack and writes it to out: import exits 0
// only when its output checks clean of errors (an empty name, or files over
// the loader's size limit, once made a pack that check refused). The files
// are written to a new folder beside out and checked there; a new out is
// that folder renamed; a previous import's files are replaced one by one,
// and those the new import does not write are removed.
func install(w io.Writer, out string, files map[string][]byte, old []string) error {
	parent := filepath.Dir(filepath.Clean(out))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return games.Usage("cannot create %s: %v", parent, err)
	}
	tmp, err := os.MkdirTemp(parent, ".import-*")
	if err != nil {
		return games.Usage("cannot write beside %s: %v", out, err)
	}
	defer os.RemoveAll(tmp) // empty once installed
	// MkdirTemp makes 0700; the pack is an ordinary folder.
	if err := os.Chmod(tmp, 0o755); err != nil {
		return games.Usage("cannot write beside %s: %v", out, err)
	}
	names := slices.Sorted(maps.Keys(files))
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(tmp, name), files[name], 0o644); err != nil {
			return games.Usage("cannot write %s: %v", name, err)
		}
	}
	sets, diags, err := games.LoadSets([]string{tmp})
	if err != nil {
		return err
	}
	var results []*compiler.Result
	for _, set := range sets {
		res, ds := compiler.Compile(set)
		diags = append(diags, ds...)
		results = append(results, res)
	}
	if diags.Errors() > 0 {
		// Shown where they would be: in out.
		prefix := filepath.ToSlash(filepath.Clean(tmp)) + "/"
		shown := filepath.ToSlash(filepath.Clean(out)) + "/"
		srcs := games.Sources(results)
		for i := range diags {
			diags[i].Pos.File = strings.Replace(diags[i].Pos.File, prefix, shown, 1)
		}
		diags = diags.Sort()
		_ = diag.Print(w, "text", diags, func(f string) []byte { return srcs(strings.Replace(f, shown, prefix, 1)) })
		fmt.Fprintf(w, "\nthe imported pack does not check (%s); nothing written to %s\n", diag.CountLine(diags), out)
		return games.ErrContent
	}
	if _, err := os.Stat(out); errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(tmp, out); err != nil {
			return games.Usage("cannot write %s: %v", out, err)
		}
		return nil
	}
	for _, name := range names {
		if err := os.Rename(filepath.Join(tmp, name), filepath.Join(out, name)); err != nil {
			return games.Usage("cannot write %s: %v", name, err)
		}
	}
	for _, name := range old {
		if _, ok := files[name]; !ok {
			if err := os.Remove(filepath.Join(out, name)); err != nil {
				return games.Usage("cannot remove %s of the previous import: %v", name, err)
			}
		}
	}
	return nil
}
