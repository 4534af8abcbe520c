package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/games"
	draw "github.com/roundtable-dev/roundtable/games/render"
)

func newRender() *cobra.Command {
	var out, pdf, paper, card string
	cmd := &cobra.Command{
		Use:   "render [PACK_DIR...] (--out DIR | --pdf FILE)",
		Short: "Draw cards, boards and tiles as SVG, an HTML gallery and print-and-play PDF sheets",
		Long: `Render draws every card-like entity, map and boss tile of the packs through each game's
layouts (templates kept beside its content; a pack's own layouts/ folder overrides them,
and art/ID.png gives an entity its art): one SVG per picture in DIR/GAME/, and
DIR/index.html, a gallery of them. With no folder it draws every game's base content;
with folders, the entities those packs define.

--pdf lays the cards out at real size for printing, as many per page as fit (nine
63x88 mm cards on A4 or Letter) with crop marks, and each board on a page of its own.

The same content gives the same bytes. Exit status: 0 done, 1 the content or a layout
has errors, 2 usage.`,
		Example: `  roundtable render --out site
  roundtable render content/annas --out site --pdf annas.pdf
  roundtable new pack ./my-expansion --game annas   # a pack of your own (see new)
  roundtable render ./my-expansion --pdf sheets.pdf --paper letter --card 63x88`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" && pdf == "" {
				return usageErr("render needs --out DIR, --pdf FILE or both")
			}
			opts, err := sheetOptions(paper, card)
			if err != nil {
				return err
			}
			results, diags, err := compileAll(args)
			if err != nil {
				return err
			}
			if diags.Errors() > 0 {
				_ = diag.Print(cmd.ErrOrStderr(), "text", diags, games.Sources(results))
				return errContent
			}
			var keep func(*compiler.Pack) bool
			if len(args) > 0 {
				keep = func(p *compiler.Pack) bool { return p != nil && !p.Embedded }
			}
			books, budget, err := draw.DrawResults(results, keep)
			if err != nil {
				return &exitError{Code: exitContent, Msg: err.Error()}
			}
			if len(budget) > 0 {
				// A layout stopped at a limit: nothing is written.
				_ = diag.Print(cmd.ErrOrStderr(), "text", budget.Sort(), draw.Sources(books))
				return errContent
			}
			var drawn []draw.Drawn
			for _, b := range books {
				drawn = append(drawn, b.Drawn...)
			}
			if len(drawn) == 0 {
				return usageErr("nothing to draw in %s", strings.Join(args, ", "))
			}
			w := cmd.OutOrStdout()
			if out != "" {
				n, err := draw.WriteSite(out, books)
				if err != nil {
					return usageErr("--out: %v", err)
				}
				fmt.Fprintf(w, "wrote %d pictures to %s (gallery: %s)\n", n-1, out, filepath.Join(out, "index.html"))
			}
			if pdf != "" {
				var buf bytes.Buffer
				sheets, err := draw.WritePDF(&buf, drawn, opts)
				if err != nil {
					return &exitError{Code: exitContent, Msg: err.Error()}
				}
				if err := os.WriteFile(pdf, buf.Bytes(), 0o644); err != nil {
					return usageErr("--pdf: %v", err)
				}
				cols, rows := opts.Grid()
				fmt.Fprintf(w, "wrote %s: %d pages (%d of cards, %dx%d %gx%g mm per %s page; %d of boards)\n",
					pdf, sheets.Pages, sheets.CardPages, cols, rows, opts.CardW, opts.CardH, opts.Paper.Name, sheets.BoardPages)
				for _, s := range sheets.Skipped {
					fmt.Fprintf(cmd.ErrOrStderr(), "roundtable: not printed: %s\n", s)
				}
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&out, "out", "", "write the SVGs and index.html into this folder")
	fl.StringVar(&pdf, "pdf", "", "write print-and-play sheets to this PDF file")
	var names []string
	for _, p := range draw.Papers {
		names = append(names, p.Name)
	}
	fl.StringVar(&paper, "paper", "a4", "sheet size: "+strings.Join(names, ", "))
	fl.StringVar(&card, "card", "63x88", "card size in millimetres, WIDTHxHEIGHT")
	_ = cmd.RegisterFlagCompletionFunc("paper", cobra.FixedCompletions(names, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// sheetOptions reads --paper and --card.
func sheetOptions(paper, card string) (draw.SheetOptions, error) {
	o := draw.DefaultSheets
	found := false
	for _, p := range draw.Papers {
		if strings.EqualFold(p.Name, paper) {
			o.Paper, found = p, true
		}
	}
	if !found {
		var names []string
		for _, p := range draw.Papers {
			names = append(names, p.Name)
		}
		return o, usageErr("unknown --paper %q (want %s)", paper, strings.Join(names, " or "))
	}
	ws, hs, ok := strings.Cut(strings.ToLower(card), "x")
	w, err1 := strconv.ParseFloat(ws, 64)
	h, err2 := strconv.ParseFloat(hs, 64)
	if !ok || err1 != nil || err2 != nil || w <= 0 || h <= 0 {
		return o, usageErr("--card %q: want WIDTHxHEIGHT in millimetres, such as 63x88", card)
	}
	o.CardW, o.CardH = w, h
	if c, r := o.Grid(); c < 1 || r < 1 {
		return o, usageErr("--card %s does not fit on %s paper", card, o.Paper.Name)
	}
	return o, nil
}
