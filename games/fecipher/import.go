package fecipher

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/cardlist"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/skill"
	"github.com/roundtable-dev/roundtable/games"
)

// importCommand is `roundtable import fe-cipher FILE --out DIR`.
func importCommand() *cobra.Command {
	var out string
	var report bool
	cmd := &cobra.Command{
		Use:   "fe-cipher FILE --out DIR",
		Short: "Import the Fire Emblem Cipher card list (Decksteria.FECipher JSON)",
		Long: `Import fe-cipher reads the JSON card list of the Decksteria.FECipher fan database and
writes pack.yaml, symbols.yaml and one series-NN.yaml per series. A card's id
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
nothing.`,
		Example: `  roundtable import fe-cipher ../shared/data/fe-cipher/cardlist.json --out ./cipher-cards
  roundtable check ./cipher-cards
  roundtable import fe-cipher ../shared/data/fe-cipher/cardlist.json --report`,
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

func runImport(cmd *cobra.Command, file, out string, report bool) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return games.Usage("cannot read card list: %v", err)
	}
	display := filepath.ToSlash(file)
	pk, diags := cardlist.Import(data, display)
	diags = diags.Sort()
	w := cmd.OutOrStdout()
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
	if len(pk.Cards) > 0 && out != "" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return games.Usage("cannot create %s: %v", out, err)
		}
		names := make([]string, 0, len(pk.Files))
		for name := range pk.Files {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			if err := replaceFile(filepath.Join(out, name), pk.Files[name]); err != nil {
				return games.Usage("cannot write %s: %v", name, err)
			}
		}
	}
	st := pk.Stats
	if st.Cards > 0 && out != "" {
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

// replaceFile writes file atomically: a temporary file beside it, renamed.
func replaceFile(file string, b []byte) error {
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(file); err == nil {
		mode = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // no-op once renamed
	if _, err := f.Write(b); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", file, err)
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(f.Name(), mode); err != nil {
		return err
	}
	return os.Rename(f.Name(), file)
}
