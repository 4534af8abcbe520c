package report

import (
	"bytes"
	"cmp"
	"fmt"
	"image/color"
	"maps"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/roundtable-dev/roundtable/engine/sim"
)

// The charts' file names, as Markdown links them.
const (
	EntitiesChart = "entities.svg"
	TurnsChart    = "turns.svg"
)

// maxChartEntities is the most entities one chart shows: beyond it, the
// strongest and weakest half each.
const maxChartEntities = 60

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// Charts draws a result's charts: file name → SVG bytes. The entity chart
// is left out when the result has no entities.
func Charts(r *sim.Result) (map[string][]byte, error) {
	out := map[string][]byte{}
	b, err := turnsChart(r)
	if err != nil {
		return nil, err
	}
	out[TurnsChart] = b
	if r.Participants && len(r.Entities) > 0 {
		if b, err = entitiesChart(r); err != nil {
			return nil, err
		}
		out[EntitiesChart] = b
	}
	return out, nil
}

// newPlot is a plot in Liberation Sans. The SVG names the font without
// embedding it (embedding adds 400 kB a chart), and svg lets a viewer fall
// back to Arial or Helvetica, whose widths are Liberation Sans's: labels
// measured with one fit with the others.
func newPlot() *plot.Plot {
	plot.DefaultFont = font.Font{Typeface: "Liberation", Variant: "Sans"}
	return plot.New()
}

func svg(p *plot.Plot, w, h vg.Length) ([]byte, error) {
	wt, err := p.WriterTo(w, h, "svg")
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := wt.WriteTo(&b); err != nil {
		return nil, err
	}
	return bytes.ReplaceAll(b.Bytes(), []byte("font-family:Liberation Sans;"),
		[]byte("font-family:'Liberation Sans',Arial,Helvetica,sans-serif;")), nil
}

// entitiesChart: each entity's win rate with its interval, and the rate
// its seats won with (the expected rate), weakest at the bottom.
func entitiesChart(r *sim.Result) ([]byte, error) {
	es := slices.Clone(r.Entities)
	slices.SortStableFunc(es, func(a, b sim.Entity) int {
		return cmp.Or(cmp.Compare(a.WinRate, b.WinRate), cmp.Compare(a.ID, b.ID))
	})
	title := fmt.Sprintf("%s %s: win rate per entity (%g%% Wilson intervals)", r.Game, r.Mode, 100*r.Level)
	if len(es) > maxChartEntities {
		title = fmt.Sprintf("%s %s: the %d weakest and %d strongest of %d entities", r.Game, r.Mode, maxChartEntities/2, maxChartEntities/2, len(es))
		es = append(es[:maxChartEntities/2:maxChartEntities/2], es[len(es)-maxChartEntities/2:]...)
	}
	p := newPlot()
	p.Title.Text = title
	p.X.Label.Text = "win rate when it took part (●, with its interval); its seats' rate (×)"
	p.X.Min, p.X.Max = 0, 1
	names := make([]string, len(es))
	pts := make(plotter.XYs, len(es))
	exp := make(plotter.XYs, len(es))
	errs := make(plotter.XErrors, len(es))
	for i, e := range es {
		names[i] = e.ID
		if e.Flag != "" {
			names[i] = e.ID + " (" + e.Flag + ")"
		}
		pts[i] = plotter.XY{X: e.WinRate, Y: float64(i)}
		exp[i] = plotter.XY{X: e.Expected, Y: float64(i)}
		errs[i].Low, errs[i].High = e.WinRate-e.Low, e.High-e.WinRate
	}
	bars, err := plotter.NewXErrorBars(struct {
		plotter.XYs
		plotter.XErrors
	}{pts, errs})
	if err != nil {
		return nil, err
	}
	dots, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	dots.GlyphStyle.Shape = draw.CircleGlyph{}
	dots.GlyphStyle.Color = color.RGBA{R: 0x1f, G: 0x5f, B: 0xa8, A: 0xff}
	marks, err := plotter.NewScatter(exp)
	if err != nil {
		return nil, err
	}
	marks.GlyphStyle.Shape = draw.CrossGlyph{}
	marks.GlyphStyle.Color = color.RGBA{R: 0xb0, G: 0x30, B: 0x30, A: 0xff}
	p.Add(plotter.NewGrid(), bars, dots, marks)
	p.NominalY(names...)
	h := vg.Length(len(es))*0.22*vg.Inch + 1.5*vg.Inch
	return svg(p, 7*vg.Inch, h)
}

// turnsChart: how many games lasted each number of turns.
func turnsChart(r *sim.Result) ([]byte, error) {
	p := newPlot()
	p.Title.Text = fmt.Sprintf("%s %s: game length (%d games)", r.Game, r.Mode, r.Played)
	p.X.Label.Text = "turns"
	p.Y.Label.Text = "games"
	if len(r.Turns.Histogram) > 0 {
		// Bins of whole turns, centred on them: at most 40, each
		// width turns wide.
		span := r.Turns.Max - r.Turns.Min + 1
		width := (span + 39) / 40
		bins := (span + width - 1) / width
		lo := float64(r.Turns.Min) - 0.5
		xys := plotter.XYs{{X: lo}, {X: lo + float64(bins*width)}} // the range, weighing nothing
		for _, b := range r.Turns.Histogram {
			xys = append(xys, plotter.XY{X: float64(b.Value), Y: float64(b.Games)})
		}
		h, err := plotter.NewHistogram(xys, bins)
		if err != nil {
			return nil, err
		}
		h.FillColor = color.RGBA{R: 0x1f, G: 0x5f, B: 0xa8, A: 0xb0}
		p.Add(h)
		p.X.Tick.Marker = wholeTicks{}
	}
	return svg(p, 7*vg.Inch, 3.5*vg.Inch)
}

// wholeTicks labels whole numbers only: a game lasts a whole number of
// turns.
type wholeTicks struct{}

func (wholeTicks) Ticks(lo, hi float64) []plot.Tick {
	if hi-lo <= 12 {
		var out []plot.Tick
		for v := math.Ceil(lo); v <= hi; v++ {
			out = append(out, plot.Tick{Value: v, Label: strconv.Itoa(int(v))})
		}
		return out
	}
	var out []plot.Tick
	for _, t := range (plot.DefaultTicks{}).Ticks(lo, hi) {
		if t.Label != "" && t.Value != math.Trunc(t.Value) {
			t.Label = ""
		}
		out = append(out, t)
	}
	return out
}
