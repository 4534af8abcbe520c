package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/cardlist"
)

// importers maps a game id to a converter of published data into a pack.
var importers = map[string]func(cmd *cobra.Command, file, out string) error{
	"fe-cipher": importFECipher,
}

func init() { register(newImport) }

func newImport() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "import GAME FILE --out DIR",
		Short: "Turn published card data into a content pack",
		Long: `Import converts a game's published data into a pack folder that check can read.

fe-cipher reads the JSON card list of the Decksteria.FECipher fan database and
writes pack.yaml, symbols.yaml and one series-NN.yaml per series. A card's id
is its first printing's code without the rarity (B01-001SR -> b01-001); when
two cards share it the later one gets -2, -3. Irregular values are normalized
with a warning citing the JSON line:col (emblem typos and stray spaces, skill
markers, series numbers) or reported as errors; no card is dropped silently.
Class-change costs "-" are left out, X stays X, and range 0-0 means the unit
cannot attack (no range).`,
		Example: `  roundtable import fe-cipher ../shared/data/fe-cipher/cardlist.json --out ./cipher-cards
  roundtable check ./cipher-cards`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			imp, ok := importers[args[0]]
			if !ok {
				var ids []string
				for id := range importers {
					ids = append(ids, id)
				}
				slices.Sort(ids)
				return usageErr("no importer for game %q (games that import: %s)", args[0], strings.Join(ids, ", "))
			}
			if out == "" {
				return usageErr("give the folder to write with --out DIR")
			}
			return imp(cmd, args[1], out)
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "folder to write the pack to (created if missing)")
	return cmd
}

func importFECipher(cmd *cobra.Command, file, out string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return usageErr("cannot read card list: %v", err)
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
	if len(pk.Cards) > 0 {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return usageErr("cannot create %s: %v", out, err)
		}
		names := make([]string, 0, len(pk.Files))
		for name := range pk.Files {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			if err := replaceFile(filepath.Join(out, name), pk.Files[name]); err != nil {
				return usageErr("cannot write %s: %v", name, err)
			}
		}
	}
	st := pk.Stats
	if st.Cards > 0 {
		fmt.Fprintf(w, "imported %d cards (%d printings) into %d files in %s\n", st.Cards, st.Printings, st.Files, out)
	}
	if st.Skipped > 0 {
		fmt.Fprintf(w, "%d cards not imported because of the errors above\n", st.Skipped)
	}
	fmt.Fprintf(w, "  %d class-change costs \"-\" left out (unpromoted), %d ranges 0-0 written as no range (cannot attack), %d values kept as X\n", st.NoPromotion, st.NoRange, st.X)
	fmt.Fprintln(w, diag.CountLine(diags))
	if diags.Errors() > 0 {
		return errContent
	}
	if len(pk.Cards) == 0 {
		// Without this, an empty list was "0 errors" and no folder at all.
		return &exitError{Code: exitContent, Msg: display + " holds no cards; nothing written"}
	}
	return nil
}
